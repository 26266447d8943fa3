#!/usr/bin/env bash
# tex-styles.sh [--install]: whether this machine's TeX holds every class and style the
# packages' statements are rendered with, found by `kpsewhich` ($KPSEWHICH): those that
# problemtools' template loads (problemtools/templates/latex/problemset.cls, rendered with
# lualatex by verifyproblem's statement part) and those of BAPCtools' (bapc.cls and
# bapcbase.sty in bapctools/resources/latex/, rendered by `bt pdf` with latexmk). The
# statements themselves load nothing more.
#
# Prints one line and exits 0 when all are found; else exits 1 with one line naming what is
# missing and the Debian packages that hold it (or saying there is no TeX at all). With
# --install, where apt-get runs as root (CI), a half-present TeX gets those packages first
# (apt-get's own output on stderr) and is checked again. A TeX-less machine installs nothing:
# the callers then skip the statements (scripts/verify-packages.sh, scripts/verify-bapc.sh).
set -euo pipefail
KPSEWHICH=${KPSEWHICH:-kpsewhich}

# Each file with the Debian package that holds it (Debian 12's TeX Live 2022 packages, as
# `dpkg -c` lists them; amssymb.sty is texlive-base's amsfonts, a dependency of them all).
STYLES='
article.cls texlive-latex-base
times.sty texlive-latex-base
amsmath.sty texlive-latex-base
amssymb.sty texlive-base
fancyhdr.sty texlive-latex-base
graphicx.sty texlive-latex-base
subfigure.sty texlive-latex-extra
wrapfig.sty texlive-latex-extra
import.sty texlive-latex-extra
fancyvrb.sty texlive-latex-recommended
listings.sty texlive-latex-recommended
geometry.sty texlive-latex-base
url.sty texlive-latex-base
ulem.sty texlive-plain-generic
hyperref.sty texlive-latex-base
color.sty texlive-latex-base
longtable.sty texlive-latex-base
booktabs.sty texlive-latex-recommended
xstring.sty texlive-latex-extra
pgffor.sty texlive-pictures
fontspec.sty texlive-latex-recommended
luacode.sty texlive-luatex
memoir.cls texlive-latex-recommended
microtype.sty texlive-latex-recommended
eqparbox.sty texlive-latex-extra
tabularx.sty texlive-latex-base
environ.sty texlive-latex-extra
etoolbox.sty texlive-latex-recommended
float.sty texlive-latex-recommended
upquote.sty texlive-latex-extra
tocloft.sty texlive-latex-extra
xparse.sty texlive-latex-base
siunitx.sty texlive-science
hyphenat.sty texlive-latex-extra
lmodern.sty lmodern
courier.sty texlive-latex-base
fontenc.sty texlive-latex-base
inputenc.sty texlive-latex-base
setspace.sty texlive-latex-recommended
tikz.sty texlive-pictures
tikz-qtree.sty texlive-pictures
enumitem.sty texlive-latex-extra
textcomp.sty texlive-latex-base
pgfplots.sty texlive-pictures
babel.sty texlive-latex-base
english.ldf texlive-latex-base
listingsutf8.sty texlive-latex-extra
'

install=0
case ${1:-} in
--install) install=1 ;;
"") ;;
*)
	echo "tex-styles: unknown argument $1 (usage: tex-styles.sh [--install])" >&2
	exit 2
	;;
esac

if ! command -v "$KPSEWHICH" >/dev/null; then
	echo "tex-styles: no TeX here ($KPSEWHICH not found): the statements are not rendered"
	exit 1
fi

# Sets `missing` (files) and `debian` (their packages, each once).
check() {
	missing=()
	debian=()
	local file package
	while read -r file package; do
		[ -n "$file" ] || continue
		"$KPSEWHICH" "$file" >/dev/null 2>&1 && continue
		missing+=("$file")
		case " ${debian[*]} " in
		*" $package "*) ;;
		*) debian+=("$package") ;;
		esac
	done <<<"$STYLES"
}

check
if [ ${#missing[@]} -gt 0 ] && [ "$install" = 1 ] && [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
	echo "tex-styles: installing ${debian[*]} for ${missing[*]}" >&2
	{ apt-get update -q && apt-get install -y -q "${debian[@]}"; } >&2 || true
	check
fi
if [ ${#missing[@]} -gt 0 ]; then
	echo "tex-styles: TeX lacks ${missing[*]}: install Debian's ${debian[*]} (apt-get install ${debian[*]}); the statements are not rendered until then"
	exit 1
fi
echo "tex-styles: all $(grep -c . <<<"$STYLES") classes and styles of the statements' templates found"
