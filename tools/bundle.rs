//! `bundle`: expands a Rust program and the modules it declares into one source file that plain
//! `rustc` compiles, std only, so that a judge (or a problem package) takes it as it is.
//!
//! Every `mod x;` declaration (with or without `#[path = "..."]`) is replaced by `mod x { ... }`
//! holding the module's file, recursively, found by rustc's own rules: the children of a crate
//! root, a `mod.rs` or a `#[path]` file live beside it; the children of `dir/foo.rs` live in
//! `dir/foo/`. Modules under `#[cfg(test)]` are dropped: unit tests are not part of a
//! submission.
//!
//! A program that names the workspace's crates (`combgames_core::...`, a judge program of
//! checkers/) gets them bundled too, and which ones is read from Cargo: the crates it names,
//! then each crate's own `[dependencies]` in its Cargo.toml, found through the workspace's
//! `[workspace.dependencies]` table of path crates. Each becomes `pub mod <crate> { ... }` at the
//! root of the output, its `crate::` paths and its names of other crates rewritten to point
//! there. A crate in that closure with a dependency that is not a path crate of the workspace
//! (lexopt, libc) is refused: a bundle is std only.
//!
//! An `include_str!("file")` becomes a raw string literal of the file (beside the file that
//! names it, as rustc finds it), so a crate's included text (a game's replay script) travels
//! with it. An `include!("part.rs");` alone on its line becomes the part's text, expanded the
//! same way: a long program kept in files of one concern each, whose bundle is the text the
//! one long file would give (no module around it, no path changed).
//!
//! Lines that are comments (`//`, `///`, and `//!` but for the program root's) are left out,
//! the header saying so: the bundle is a submission, whose size judges limit (128 KiB by
//! default), and its sources keep the documentation. A comment after code on its line stays.
//!
//! The result goes through `rustfmt` (the `RUSTFMT` variable names another one), so generated
//! files are formatted like the hand-written ones and diff cleanly. The scan is line-based: a
//! `mod x;` inside a string or an inline module is not supported (none exists in the project).

use std::collections::BTreeMap;
use std::fmt;
use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode, Stdio};

const HELP: &str = "\
bundle: one self-contained Rust source file from a program and the modules it declares

USAGE:
    bundle ROOT.rs [-o OUT | --check OUT]

OPTIONS:
    -o, --output OUT     write the bundle to OUT (default: standard output)
    --check OUT          write nothing; exit 1 if OUT differs from the bundle (stale file)
    -h, --help           this text

Every `mod x;` becomes `mod x { <its file> }`, following rustc's file rules and #[path];
#[cfg(test)] modules are dropped; an `include!(\"part.rs\");` line becomes the part's text
(expanded the same way). The workspace crates the program names (`combgames_core`,
...) come along with the crates they depend on, as Cargo.toml says; each must be std only.
The output is formatted by rustfmt ($RUSTFMT).
Exit status: 0 done, 1 --check found a difference, 2 usage or input error.";

/// Why a bundle could not be made; each is one line for stderr.
#[derive(Debug)]
enum Error {
    Usage(String),
    Read(PathBuf, std::io::Error),
    Write(PathBuf, std::io::Error),
    NoModule { name: String, from: PathBuf },
    NotStdOnly { krate: String, dependency: String },
    Rustfmt(String),
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Usage(why) => write!(f, "{why} (bundle --help)"),
            Error::Read(p, e) => write!(f, "cannot read {}: {e}", p.display()),
            Error::Write(p, e) => write!(f, "cannot write {}: {e}", p.display()),
            Error::NoModule { name, from } => write!(
                f,
                "{}: module `{name}` has no file (looked for {name}.rs and {name}/mod.rs)",
                from.display()
            ),
            Error::NotStdOnly { krate, dependency } => write!(
                f,
                "{krate} depends on {dependency}, which is no path crate of the workspace: a bundle is std only"
            ),
            Error::Rustfmt(why) => write!(f, "rustfmt: {why}"),
        }
    }
}

/// A `mod name;` line, with the attributes above it.
struct ModDecl {
    visibility: String,
    name: String,
}

/// `[pub[(..)] ]mod name;` → the declaration, else None.
fn mod_decl(line: &str) -> Option<ModDecl> {
    let t = line.trim();
    let t = t.strip_suffix(';')?.trim_end();
    let (visibility, rest) = match t.find("mod ") {
        Some(i) => (t[..i].trim(), t[i + 4..].trim()),
        None => return None,
    };
    let visibility_ok =
        visibility.is_empty() || visibility == "pub" || visibility.starts_with("pub(");
    let name_ok = !rest.is_empty()
        && rest.chars().all(|c| c == '_' || c.is_ascii_alphanumeric())
        && !rest.starts_with(|c: char| c.is_ascii_digit());
    (visibility_ok && name_ok).then(|| ModDecl {
        visibility: visibility.to_string(),
        name: rest.to_string(),
    })
}

/// `#[path = "p"]` → p.
fn path_attr(line: &str) -> Option<String> {
    let t = line.trim().strip_prefix("#[path")?.trim_start();
    let t = t.strip_prefix('=')?.trim();
    let t = t.strip_suffix(']')?.trim();
    Some(t.strip_prefix('"')?.strip_suffix('"')?.to_string())
}

/// `include!("p");` alone on its line (a part of the file's own text, at item level) → p. A
/// part declares no module of its own (none does here): its text is expanded with its
/// includer's rule for children.
fn include_decl(line: &str) -> Option<&str> {
    let t = line.trim().strip_prefix("include!(\"")?;
    t.strip_suffix("\");")
}

fn is_cfg_test(line: &str) -> bool {
    line.trim().replace(" ", "") == "#[cfg(test)]"
}

fn read(path: &Path) -> Result<String, Error> {
    fs::read_to_string(path).map_err(|e| Error::Read(path.to_path_buf(), e))
}

/// The text of `file` with its `mod x;` declarations expanded. `children_dir` is where its
/// child modules live (rustc's rule, decided by the caller). Comment lines are left out (the
/// bundle points to its sources), but for the program root's `//!` lines (`root`).
fn expand(file: &Path, children_dir: &Path, root: bool, out: &mut String) -> Result<(), Error> {
    let text = read(file)?;
    // Attribute lines wait here until the line they belong to is seen.
    let mut pending: Vec<&str> = Vec::new();
    for line in text.lines() {
        let t = line.trim_start();
        if t.starts_with("//") && !(root && t.starts_with("//!")) {
            continue;
        }
        if t.starts_with("#[") && !t.starts_with("#![") {
            pending.push(line);
            continue;
        }
        if let Some(part) = include_decl(line) {
            put_lines(pending.drain(..), out);
            expand(&dir_of(file).join(part), children_dir, false, out)?;
            continue;
        }
        let Some(decl) = mod_decl(line) else {
            put_lines(pending.drain(..), out);
            out.push_str(&included(file, line)?);
            out.push('\n');
            continue;
        };
        let attrs: Vec<&str> = std::mem::take(&mut pending);
        if attrs.iter().any(|a| is_cfg_test(a)) {
            continue;
        }
        expand_decl(file, children_dir, &attrs, &decl, out)?;
    }
    put_lines(pending, out);
    Ok(())
}

/// Each of `lines`, with its line end, onto `out`.
fn put_lines<'a>(lines: impl IntoIterator<Item = &'a str>, out: &mut String) {
    for line in lines {
        out.push_str(line);
        out.push('\n');
    }
}

/// `line` with each `include_str!("name")` replaced by a raw string literal holding the file
/// `name` beside `file`.
fn included(file: &Path, line: &str) -> Result<String, Error> {
    const MACRO: &str = "include_str!(\"";
    let mut out = String::with_capacity(line.len());
    let mut rest = line;
    while let Some(at) = rest.find(MACRO) {
        let after = &rest[at + MACRO.len()..];
        let Some(end) = after.find("\")") else {
            break;
        };
        let path = file.parent().unwrap_or(Path::new(".")).join(&after[..end]);
        let text = read(&path)?;
        // Enough `#`s that no `"#...` inside the text closes the literal.
        let mut hashes = String::from("#");
        while text.contains(&format!("\"{hashes}")) {
            hashes.push('#');
        }
        out.push_str(&rest[..at]);
        out.push_str(&format!("r{hashes}\"{text}\"{hashes}"));
        rest = &after[end + 2..];
    }
    out.push_str(rest);
    Ok(out)
}

/// `mod x { <x's file, expanded> }` for the declaration `decl` found in `file`.
fn expand_decl(
    file: &Path,
    children_dir: &Path,
    attrs: &[&str],
    decl: &ModDecl,
    out: &mut String,
) -> Result<(), Error> {
    let explicit = attrs.iter().find_map(|a| path_attr(a));
    let (child_file, grandchildren_dir) = match explicit {
        // A #[path] file is a mod-rs file: its children live beside it.
        Some(p) => {
            let f = file.parent().unwrap_or(Path::new(".")).join(p);
            let dir = dir_of(&f);
            (f, dir)
        }
        None => {
            let flat = children_dir.join(format!("{}.rs", decl.name));
            let nested = children_dir.join(&decl.name).join("mod.rs");
            if flat.is_file() {
                (flat, children_dir.join(&decl.name))
            } else if nested.is_file() {
                (nested, children_dir.join(&decl.name))
            } else {
                return Err(Error::NoModule {
                    name: decl.name.clone(),
                    from: file.to_path_buf(),
                });
            }
        }
    };
    put_lines(
        attrs.iter().copied().filter(|a| path_attr(a).is_none()),
        out,
    );
    let vis = if decl.visibility.is_empty() {
        String::new()
    } else {
        format!("{} ", decl.visibility)
    };
    out.push_str(&format!("{vis}mod {} {{\n", decl.name));
    expand(&child_file, &grandchildren_dir, false, out)?;
    out.push_str("}\n");
    Ok(())
}

/// The directory holding the children of a crate root or mod-rs file.
fn dir_of(file: &Path) -> PathBuf {
    file.parent().unwrap_or(Path::new(".")).to_path_buf()
}

/// A path crate of the workspace: its name as code writes it (`combgames_core`) and its folder.
struct Crate {
    ident: String,
    dir: PathBuf,
}

/// The folder of the workspace `root` belongs to: the nearest one above it whose Cargo.toml
/// has a `[workspace]` table (none: a program on its own).
fn workspace_of(root: &Path) -> Result<Option<PathBuf>, Error> {
    let start = fs::canonicalize(root).map_err(|e| Error::Read(root.to_path_buf(), e))?;
    let mut dir = start.parent();
    while let Some(d) = dir {
        let manifest = d.join("Cargo.toml");
        if manifest.is_file() && read(&manifest)?.lines().any(|l| l.trim() == "[workspace]") {
            return Ok(Some(d.to_path_buf()));
        }
        dir = d.parent();
    }
    Ok(None)
}

/// The `key = value` lines of a TOML table (`[name]`), comments and blank lines left out.
fn table<'a>(manifest: &'a str, name: &str) -> Vec<(&'a str, &'a str)> {
    let header = format!("[{name}]");
    manifest
        .lines()
        .map(str::trim)
        .skip_while(|l| *l != header)
        .skip(1)
        .take_while(|l| !l.starts_with('['))
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .filter_map(|l| l.split_once('='))
        .map(|(k, v)| (k.trim(), v.trim()))
        .collect()
}

/// The workspace's path crates, from `[workspace.dependencies]`: `name = { path = "dir" }`.
fn path_crates(workspace: &Path) -> Result<BTreeMap<String, PathBuf>, Error> {
    let manifest = read(&workspace.join("Cargo.toml"))?;
    let mut crates = BTreeMap::new();
    for (name, value) in table(&manifest, "workspace.dependencies") {
        let path = value
            .split_once("path")
            .and_then(|(_, rest)| rest.split('"').nth(1));
        if let Some(path) = path {
            crates.insert(name.to_string(), workspace.join(path));
        }
    }
    Ok(crates)
}

/// The crates a bundle of `program` holds: those it names, and what they depend on, in
/// name order.
fn crates_of(root: &Path, program: &str) -> Result<Vec<Crate>, Error> {
    let Some(workspace) = workspace_of(root)? else {
        return Ok(Vec::new());
    };
    let known = path_crates(&workspace)?;
    let ident = |name: &str| name.replace('-', "_");
    let mut wanted: Vec<String> = known
        .keys()
        .filter(|name| mentions(program, &ident(name)))
        .cloned()
        .collect();
    let mut found: BTreeMap<String, PathBuf> = BTreeMap::new();
    while let Some(name) = wanted.pop() {
        if found.contains_key(&name) {
            continue;
        }
        let dir = known[&name].clone();
        let manifest = read(&dir.join("Cargo.toml"))?;
        for (dep, _) in table(&manifest, "dependencies") {
            let dep = dep.trim_end_matches(".workspace").trim();
            if !known.contains_key(dep) {
                return Err(Error::NotStdOnly {
                    krate: name.clone(),
                    dependency: dep.to_string(),
                });
            }
            wanted.push(dep.to_string());
        }
        found.insert(name, dir);
    }
    Ok(found
        .into_iter()
        .map(|(name, dir)| Crate {
            ident: ident(&name),
            dir,
        })
        .collect())
}

fn is_ident_char(c: char) -> bool {
    c == '_' || c.is_ascii_alphanumeric()
}

/// Whether `text` holds `word` as a whole identifier.
fn mentions(text: &str, word: &str) -> bool {
    text.match_indices(word).any(|(i, _)| {
        let before = text[..i].chars().next_back();
        let after = text[i + word.len()..].chars().next();
        !before.is_some_and(is_ident_char) && !after.is_some_and(is_ident_char)
    })
}

/// `text` with the paths rewritten for its place in the bundle: every name of a bundled crate
/// (`combgames_core`) that starts a path becomes `crate::combgames_core`, and, in the code of
/// crate `own`, `crate` (as `crate::x` or `crate as x`) becomes `crate::own`.
fn rewrite(text: &str, own: Option<&str>, crates: &[Crate]) -> String {
    let mut out = String::with_capacity(text.len() + text.len() / 8);
    let mut rest = text;
    let mut prev: Option<char> = None;
    while let Some(c) = rest.chars().next() {
        let starts_word = (c == '_' || c.is_ascii_alphabetic())
            && !prev.is_some_and(|p| is_ident_char(p) || p == '$' || p == '\'');
        if !starts_word {
            out.push(c);
            prev = Some(c);
            rest = &rest[c.len_utf8()..];
            continue;
        }
        let len = rest
            .find(|ch: char| !is_ident_char(ch))
            .unwrap_or(rest.len());
        let (word, after) = rest.split_at(len);
        let path_start = !out.ends_with("::");
        if path_start && crates.iter().any(|k| k.ident == word) {
            out.push_str("crate::");
        }
        out.push_str(word);
        if let (Some(own), "crate", true) = (own, word, path_start) {
            if after.starts_with("::") || after.starts_with(" as ") {
                out.push_str("::");
                out.push_str(own);
            }
        }
        prev = word.chars().next_back();
        rest = after;
    }
    out
}

fn bundle(root: &Path) -> Result<String, Error> {
    let mut out = String::new();
    expand(root, &dir_of(root), true, &mut out)?;
    let crates = crates_of(root, &out)?;
    let mut sources = vec![root.display().to_string()];
    if !crates.is_empty() {
        out = rewrite(&out, None, &crates);
        for krate in &crates {
            let lib = krate.dir.join("src").join("lib.rs");
            let mut text = String::new();
            expand(&lib, &dir_of(&lib), false, &mut text)?;
            out.push_str(&format!("\npub mod {} {{\n", krate.ident));
            out.push_str(&rewrite(&text, Some(&krate.ident), &crates));
            out.push_str("}\n");
        }
        let names: Vec<&str> = crates.iter().map(|k| k.ident.as_str()).collect();
        sources.push(format!("the crates {}", names.join(", ")));
        // Library code the program does not use is expected in a bundle.
        out = format!("#![allow(dead_code, unused_imports)]\n{out}");
    }
    let header = format!(
        "// Generated by tools/bundle.rs from {}; do not edit: edit those and run `make bundle`.\n\
         // The comments are left out here but for this header: read them in those sources.\n",
        sources.join(" and ")
    );
    rustfmt(&format!("{header}{out}"))
}

fn rustfmt(source: &str) -> Result<String, Error> {
    let program = std::env::var("RUSTFMT").unwrap_or_else(|_| "rustfmt".into());
    let mut child = Command::new(&program)
        .args(["--edition", "2018"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| Error::Rustfmt(format!("cannot run {program}: {e}")))?;
    let mut stdin = child.stdin.take().expect("piped stdin");
    let text = source.to_string();
    // Written from a thread: rustfmt may fill its stdout before it has read all its input.
    let writer = std::thread::spawn(move || stdin.write_all(text.as_bytes()));
    let out = child
        .wait_with_output()
        .map_err(|e| Error::Rustfmt(e.to_string()))?;
    let _ = writer.join();
    if !out.status.success() {
        let err = String::from_utf8_lossy(&out.stderr);
        let first = err.lines().find(|l| !l.trim().is_empty()).unwrap_or("");
        return Err(Error::Rustfmt(format!(
            "the bundle does not parse: {first}"
        )));
    }
    String::from_utf8(out.stdout).map_err(|_| Error::Rustfmt("output is not UTF-8".into()))
}

struct Args {
    root: PathBuf,
    output: Option<PathBuf>,
    check: bool,
}

fn parse_args(args: &[String]) -> Result<Option<Args>, Error> {
    let mut root = None;
    let mut output = None;
    let mut check = false;
    let mut it = args.iter();
    while let Some(a) = it.next() {
        let mut value = |flag: &str| {
            it.next()
                .cloned()
                .ok_or_else(|| Error::Usage(format!("{flag} needs a value")))
        };
        match a.as_str() {
            "-h" | "--help" => return Ok(None),
            "-o" | "--output" => output = Some(PathBuf::from(value(a)?)),
            "--check" => {
                output = Some(PathBuf::from(value(a)?));
                check = true;
            }
            s if s.starts_with('-') => return Err(Error::Usage(format!("unknown option {s}"))),
            s if root.is_none() => root = Some(PathBuf::from(s)),
            s => return Err(Error::Usage(format!("unexpected argument {s}"))),
        }
    }
    let root = root.ok_or_else(|| Error::Usage("no ROOT.rs given".into()))?;
    Ok(Some(Args {
        root,
        output,
        check,
    }))
}

fn run(args: &[String]) -> Result<ExitCode, Error> {
    let Some(args) = parse_args(args)? else {
        println!("{HELP}");
        return Ok(ExitCode::SUCCESS);
    };
    let text = bundle(&args.root)?;
    match (&args.output, args.check) {
        (None, _) => {
            std::io::stdout()
                .write_all(text.as_bytes())
                .map_err(|e| Error::Write("standard output".into(), e))?;
        }
        (Some(out), true) => {
            let old = fs::read_to_string(out).unwrap_or_default();
            if old != text {
                eprintln!(
                    "bundle: {} is not the bundle of {}: run `make bundle`",
                    out.display(),
                    args.root.display()
                );
                return Ok(ExitCode::from(1));
            }
        }
        (Some(out), false) => {
            fs::write(out, text).map_err(|e| Error::Write(out.clone(), e))?;
        }
    }
    Ok(ExitCode::SUCCESS)
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match run(&args) {
        Ok(code) => code,
        Err(e) => {
            eprintln!("bundle: {e}");
            ExitCode::from(2)
        }
    }
}
