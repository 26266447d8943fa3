// The replay page's script, the game-neutral shell (crates/referee/src/html.rs embeds it with
// the data). It keeps one position, the current step's, and moves it a step at a time (a move
// applied forwards or taken back), so opening a transcript of 10^5 moves costs the moves up to
// the step shown and one drawing.
//
// What the position is and how it is drawn is the game's engine, from the game's crate
// (games/<game>/src/replay.js, its `Problem`'s `replay`): html.rs puts it at the ENGINE line
// below as the body of a function returning an object with
//   init(r)       the state at round r's start,
//   apply(s, i)   step i's move played on state s (called only for steps that moved),
//   undo(s, i)    step i's move taken back,
//   text(s)       the position as text (#position),
//   draw(s, i)    the position drawn on the canvas at step i,
//   legend        optional: what the drawing's colours mean, [fill, outline, meaning, 'disc'?]
//                 per kind of square or mark (a colour null when not drawn).
// It may use what this function defines before that line: data, steps, rounds and their field
// indices (ROUND, LINE, START, ...), $, canvas, ctx, played, roundOf, firstStep, lastStep,
// moveNo, lastPlayed, lastPlayedBy, ints, setCanvas, view and placeWindow; the players' names
// are data.players (the `Problem`'s sides).
(function () {
  'use strict';
  var data = JSON.parse(document.getElementById('replay-data').textContent);
  var steps = data.steps;
  var rounds = data.rounds;
  // Fields of a step and of a round in the data (html.rs, data_json).
  var ROUND = 0, BY = 1, LINE = 2, CODE = 3, WINS = 4, DETAIL = 5;
  var START = 0, SIDE = 1, FIRST_WINS = 2, FIRST_STEP = 3, END = 4, WINNER = 5;
  var $ = function (id) { return document.getElementById(id); };
  var canvas = $('board');
  var ctx = canvas.getContext('2d');

  function played(i) {
    var c = steps[i][CODE];
    return c === 'W' || c === 'L' || c === 'X';
  }
  function roundOf(i) { return steps[i][ROUND]; }
  function firstStep(r) { return rounds[r][FIRST_STEP]; }
  function lastStep(r) {
    return r + 1 < rounds.length ? firstStep(r + 1) - 1 : steps.length - 1;
  }
  // The move number of step i within its round (0 at the start).
  function moveNo(i) { return i - firstStep(roundOf(i)); }
  // The last step at or before i in its round whose move changed the position, or -1.
  function lastPlayed(i) {
    var from = firstStep(roundOf(i));
    for (var j = i; j > from; j--) if (played(j)) return j;
    return -1;
  }
  // The same, among the moves of one player (0 first, 1 second).
  function lastPlayedBy(i, player) {
    var from = firstStep(roundOf(i));
    for (var j = i; j > from; j--) if (played(j) && (j - from - 1) % 2 === player) return j;
    return -1;
  }
  // `1 round`, `2 rounds`: the count decides the word (docs/messages.md).
  function counted(n, word) { return n + ' ' + word + (n === 1 ? '' : 's'); }
  function ints(line) {
    return line.split(' ').map(function (t) { return parseInt(t, 10); });
  }
  function setCanvas(w, h) {
    if (canvas.width !== w) canvas.width = w;
    if (canvas.height !== h) canvas.height = h;
    ctx.clearRect(0, 0, w, h);
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
  }

  // The view window of the games on a line of cells (pawns, strips): its first cell (1-based)
  // and how many cells fit; it follows the last move unless the slider moved it.
  var view = { from: 1, width: 1, size: 0, follow: true };
  function placeWindow(size, width, focus) {
    view.size = size;
    view.width = Math.min(size, width);
    var max = size - view.width + 1;
    var slider = $('window');
    slider.max = String(max);
    $('window-box').style.display = max > 1 ? '' : 'none';
    if (view.follow && focus > 0 && (focus < view.from || focus >= view.from + view.width)) {
      view.from = focus - Math.floor(view.width / 2);
    }
    view.from = Math.max(1, Math.min(max, view.from));
    slider.value = String(view.from);
  }

  // ENGINE

  var state = null, stateRound = -1, stateAt = -1, cur = 0, timer = null;

  // Moves the kept position to step t: from where it is, or from its round's start when that
  // is nearer (or t is in another round).
  function reach(t) {
    var r = roundOf(t);
    if (state === null || stateRound !== r || t - firstStep(r) < stateAt - t) {
      state = engine.init(r);
      stateRound = r;
      stateAt = firstStep(r);
    }
    while (stateAt < t) { stateAt++; if (played(stateAt)) engine.apply(state, stateAt); }
    while (stateAt > t) { if (played(stateAt)) engine.undo(state, stateAt); stateAt--; }
  }

  // Player p (0 first, 1 second) of round r, and who plays it there.
  function sideText(r, p) {
    var sf = solutionFirst(r);
    var by = sf === null ? '' : (sf === (p === 0) ? ' (the solution)' : ' (the referee)');
    return data.players[p] + by;
  }
  // Whether the solution is the first player in round r (null: it chose no side).
  function solutionFirst(r) {
    var side = rounds[r][SIDE];
    return side === 'first' ? true : side === 'second' ? false : null;
  }
  // Who made move m (1, 2, ...) of round r.
  function whoText(r, m) { return sideText(r, (m - 1) % 2); }

  function judgementText(i) {
    var s = steps[i], d = s[DETAIL];
    switch (s[CODE]) {
      case 'S': {
        var r = s[ROUND], sf = solutionFirst(r);
        var fw = rounds[r][FIRST_WINS] === null ? null : rounds[r][FIRST_WINS] === 1;
        var named = data.players[0] === 'the first player' ? '' : ' (' + data.players[0] + ')';
        var t = 'start: ' + (fw === null ? 'not judged' : (fw ? 'won' : 'lost') + ' for the first player' + named);
        if (rounds[r][SIDE] === '') t += '; the solution chose no side';
        else if (sf === null) t += '; the solution answered ' + JSON.stringify(rounds[r][SIDE]) + ', not a side';
        else {
          t += '; the solution took ' + rounds[r][SIDE];
          if (fw !== null && sf !== fw) t += ': the losing side';
        }
        return ['start', t];
      }
      case 'W': return ['won', 'won for the mover'];
      case 'L': return ['lost', 'lost for the mover'];
      case 'X': return ['blunder', 'lost the win; a winning move was: ' + d];
      case 'I': return ['fault', 'illegal move: ' + d];
      case 'P': return ['fault', 'not a move in the notation: ' + d];
      default: return ['fault', 'the referee\'s evaluator failed: ' + d];
    }
  }

  function statusText(i) {
    var s = steps[i], r = s[ROUND], m = moveNo(i);
    var end = i === lastStep(r) ? rounds[r][END] : '';
    if (s[CODE] === 'I' || s[CODE] === 'P' || end === 'aborted') {
      return 'the referee aborted the session here (-1)';
    }
    var mover = sideText(r, m % 2);
    if (end === 'over') {
      return mover + ' has no move: the round is over, won by ' + sideText(r, 1 - m % 2);
    }
    var now = s[WINS] === null ? 'not judged' : s[WINS] ? 'won for the mover' : 'lost for the mover';
    var t = mover + ' to move: ' + now;
    if (end === 'cut') t += '; the round was cut here (the move cap)';
    if (end === 'unfinished') t += '; the transcript ends here';
    return t;
  }

  function moveInfo(i) {
    var s = steps[i], r = s[ROUND], m = moveNo(i), total = lastStep(r) - firstStep(r);
    var head = 'round ' + (r + 1) + ' of ' + rounds.length + ', ';
    if (m === 0) return head + 'start (move 0 of ' + total + ')';
    var line = s[LINE].length > 200 ? s[LINE].slice(0, 200) + '… (' + s[LINE].length + ' bytes)' : s[LINE];
    return head + 'move ' + m + ' of ' + total + ': ' + whoText(r, m) + ' played ' + line;
  }

  function nearby(i) {
    var list = $('nearby');
    list.textContent = '';
    var lo = Math.max(0, i - 8), hi = Math.min(steps.length - 1, i + 8);
    for (var j = lo; j <= hi; j++) {
      var li = document.createElement('li'), s = steps[j], m = moveNo(j);
      var line = s[LINE].length > 80 ? s[LINE].slice(0, 80) + '…' : s[LINE];
      li.textContent = 'r' + (s[ROUND] + 1) + ' m' + m + ' ' +
        (m === 0 ? 'start' : whoText(s[ROUND], m) + ': ' + line) + ' — ' + judgementText(j)[1];
      if (j === i) li.className = 'current';
      else if (s[CODE] === 'X' || s[CODE] === 'I' || s[CODE] === 'P') li.className = 'bad';
      li.setAttribute('data-step', String(j));
      list.appendChild(li);
    }
  }

  // The notes; one that quotes a position of several lines (the session's `position "..."`,
  // a string as Rust writes it) shows it as a board below its text, not as one line of `\n`s.
  function showNotes() {
    var box = $('notes');
    data.notes.forEach(function (note) {
      var div = document.createElement('div');
      var m = /position "((?:[^"\\]|\\.)*)"/.exec(note), lines = null;
      if (m) {
        try { lines = JSON.parse('"' + m[1] + '"').split('\n'); } catch (e) { lines = null; }
      }
      if (lines !== null && lines.length > 1) {
        div.textContent = note.slice(0, m.index) + 'position (below)' + note.slice(m.index + m[0].length);
        var board = document.createElement('pre');
        board.className = 'board';
        board.textContent = lines.join('\n');
        div.appendChild(board);
      } else {
        div.textContent = note;
      }
      box.appendChild(div);
    });
  }

  function showLegend() {
    var box = $('legend');
    (engine.legend || []).forEach(function (item) {
      var entry = document.createElement('span'), swatch = document.createElement('span');
      entry.className = 'entry';
      swatch.className = item[3] === 'disc' ? 'swatch disc' : 'swatch';
      swatch.style.background = item[0] || 'transparent';
      swatch.style.borderColor = item[1] || item[0];
      entry.appendChild(swatch);
      entry.appendChild(document.createTextNode(item[2]));
      box.appendChild(entry);
    });
  }

  // One row per round: the solution's side, the winner, the moves and how the round ended; a
  // click goes to the round's start.
  var roundRows = [], markedRow = null;
  function roundTable() {
    var body = $('rounds-body');
    for (var r = 0; r < rounds.length; r++) {
      var tr = document.createElement('tr'), end = rounds[r][END], w = rounds[r][WINNER];
      var winner = w === null ? '—' : sideText(r, w) + (end === 'cut' ? ', by the evaluator' : '');
      var side = rounds[r][SIDE] === '' ? '(none)' : rounds[r][SIDE];
      [String(r + 1), side, winner, String(lastStep(r) - firstStep(r)), end].forEach(function (text) {
        var td = document.createElement('td');
        td.textContent = text;
        tr.appendChild(td);
      });
      tr.setAttribute('data-step', String(firstStep(r)));
      body.appendChild(tr);
      roundRows.push(tr);
    }
    $('rounds').onclick = function (e) {
      var row = e.target;
      while (row && row.tagName !== 'TR') row = row.parentNode;
      var step = row && row.getAttribute('data-step');
      if (step !== null && step !== undefined) { stop(); show(parseInt(step, 10)); }
    };
  }
  function markRound(r) {
    if (markedRow !== null) markedRow.className = '';
    markedRow = roundRows[r] || null;
    if (markedRow !== null) markedRow.className = 'current';
  }

  function show(t, keepWindow) {
    if (steps.length === 0) return;
    cur = Math.max(0, Math.min(steps.length - 1, t));
    reach(cur);
    if (!keepWindow) view.follow = true;
    engine.draw(state, cur);
    $('position').textContent = engine.text(state);
    var j = judgementText(cur);
    var judgement = $('judgement');
    judgement.textContent = j[1];
    judgement.className = j[0];
    $('move-info').textContent = moveInfo(cur);
    $('status').textContent = statusText(cur);
    $('timeline').value = String(cur);
    $('round-input').value = String(roundOf(cur) + 1);
    $('move-input').value = String(moveNo(cur));
    nearby(cur);
    markRound(roundOf(cur));
    if (history.replaceState) {
      try {
        history.replaceState(null, '', '#round=' + (roundOf(cur) + 1) + '&move=' + moveNo(cur));
      } catch (e) { /* a page opened where the URL cannot change */ }
    }
  }

  // `#move=N` (and `round=R`, default 1): move N of round R; without them, data.open.
  function hashArgs() {
    var args = {};
    location.hash.replace(/^#/, '').split('&').forEach(function (kv) {
      var p = kv.split('=');
      if (p.length === 2) args[p[0]] = parseInt(p[1], 10);
    });
    return args;
  }
  function fromHash() {
    var args = hashArgs();
    if (!isFinite(args.move) && !isFinite(args.round)) return null;
    return stepOf(isFinite(args.round) ? args.round : 1, isFinite(args.move) ? args.move : 0);
  }
  // `from=M` beside `move=N`: open at move M of the round, then go to move N one step at a
  // time, as the arrow keys do (the browser test reaches positions backwards so).
  function walkFrom(target) {
    var args = hashArgs();
    if (!isFinite(args.from)) return false;
    show(stepOf(isFinite(args.round) ? args.round : 1, args.from));
    while (cur !== target) show(cur < target ? cur + 1 : cur - 1);
    return true;
  }
  function stepOf(round, move) {
    var r = Math.max(1, Math.min(rounds.length, round)) - 1;
    return Math.min(lastStep(r), firstStep(r) + Math.max(0, move));
  }

  function stop() {
    if (timer !== null) { clearInterval(timer); timer = null; }
    $('play').textContent = 'play';
  }
  function toggle() {
    if (timer !== null) { stop(); return; }
    if (cur >= steps.length - 1) show(0);
    $('play').textContent = 'pause';
    timer = setInterval(function () {
      if (cur >= steps.length - 1) stop(); else show(cur + 1);
    }, parseInt($('speed').value, 10));
  }

  $('title').textContent = data.game + ' replay: ' + counted(rounds.length, 'round') + ', ' +
    counted(steps.length - rounds.length, 'move');
  showNotes();
  showLegend();
  roundTable();
  $('timeline').max = String(Math.max(0, steps.length - 1));
  $('open-wa').textContent = data.fault ? 'WA move' : data.open === 0 ? 'start' : 'last move';
  $('first').onclick = function () { stop(); show(0); };
  $('last').onclick = function () { stop(); show(steps.length - 1); };
  $('back').onclick = function () { stop(); show(cur - 1); };
  $('forward').onclick = function () { stop(); show(cur + 1); };
  $('play').onclick = toggle;
  $('open-wa').onclick = function () { stop(); show(data.open); };
  $('go').onclick = function () {
    stop();
    show(stepOf(parseInt($('round-input').value, 10) || 1, parseInt($('move-input').value, 10) || 0));
  };
  ['round-input', 'move-input'].forEach(function (id) {
    $(id).onkeydown = function (e) { if (e.key === 'Enter') $('go').onclick(); };
  });
  $('timeline').oninput = function () { stop(); show(parseInt(this.value, 10)); };
  $('speed').onchange = function () { if (timer !== null) { stop(); toggle(); } };
  $('window').oninput = function () {
    view.from = parseInt(this.value, 10);
    view.follow = false;
    show(cur, true);
  };
  $('nearby').onclick = function (e) {
    var step = e.target && e.target.getAttribute && e.target.getAttribute('data-step');
    if (step !== null && step !== undefined) { stop(); show(parseInt(step, 10)); }
  };
  document.addEventListener('keydown', function (e) {
    var tag = e.target && e.target.tagName;
    if (tag === 'INPUT' || tag === 'SELECT' || tag === 'TEXTAREA') return;
    if (e.key === 'ArrowLeft') { stop(); show(cur - 1); }
    else if (e.key === 'ArrowRight') { stop(); show(cur + 1); }
    else if (e.key === 'Home') { stop(); show(0); }
    else if (e.key === 'End') { stop(); show(steps.length - 1); }
    else if (e.key === ' ') toggle();
    else return;
    e.preventDefault();
  });

  var open = fromHash();
  if (steps.length === 0) {
    $('move-info').textContent = 'the transcript holds no round';
  } else {
    if (open === null) show(data.open);
    else if (!walkFrom(open)) show(open);
  }
  window.addEventListener('hashchange', function () {
    var t = fromHash();
    if (t !== null && t !== cur) show(t);
  });
  var ms = document.createElement('div');
  ms.id = 'load-ms';
  // performance.now() counts from the navigation's start: reading the page, the data and
  // the first drawing.
  ms.textContent = 'opened in ' + Math.round(performance.now()) + ' ms';
  document.body.appendChild(ms);
  document.body.setAttribute('data-ready', '1');
})();
