// The replay page's script (src/referee/html.rs embeds it with the data). It keeps one
// position, the current step's, and moves it a step at a time (a move applied forwards or
// taken back), so opening a transcript of 10^5 moves costs the moves up to the step shown and
// one drawing. Each game has an engine: init (a round's start), apply and undo (a step),
// text (the position as text, in #position) and draw (the canvas).
(function () {
  'use strict';
  var data = JSON.parse(document.getElementById('replay-data').textContent);
  var steps = data.steps;
  var rounds = data.rounds;
  // Fields of a step and of a round in the data (html.rs, data_json).
  var ROUND = 0, BY = 1, LINE = 2, CODE = 3, WINS = 4, DETAIL = 5;
  var START = 0, SIDE = 1, FIRST_WINS = 2, FIRST_STEP = 3, END = 4;
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

  var PAWN_CELL = 34;
  var pawns = {
    players: ['White', 'Black'],
    // `N` is the start; `N K a1 b1 ...` lists the runs of untouched columns, every other
    // column played out and drawn empty (docs/protocol.md, pawns).
    init: function (r) {
      var t = ints(rounds[r][START].trim()), n = t[0];
      var runs = t.length > 1 ? t.slice(2) : [1, n];
      var cells = new Uint8Array(3 * n);
      for (var k = 0; k + 1 < runs.length; k += 2) {
        for (var c = runs[k] - 1; c < runs[k + 1]; c++) { cells[c] = 1; cells[2 * n + c] = 2; }
      }
      return { n: n, cells: cells };
    },
    at: function (s, row, col) { return s.cells[(row - 1) * s.n + col - 1]; },
    put: function (s, row, col, v) { s.cells[(row - 1) * s.n + col - 1] = v; },
    apply: function (s, i) {
      var m = ints(steps[i][LINE]);
      var v = pawns.at(s, m[0], m[1]);
      pawns.put(s, m[0], m[1], 0);
      pawns.put(s, m[2], m[3], v);
    },
    // A push went to an empty square, a capture took an enemy pawn: both come back.
    undo: function (s, i) {
      var m = ints(steps[i][LINE]);
      var v = pawns.at(s, m[2], m[3]);
      pawns.put(s, m[2], m[3], m[1] === m[3] ? 0 : 3 - v);
      pawns.put(s, m[0], m[1], v);
    },
    focus: function (s, i) {
      var j = lastPlayed(i);
      return j < 0 ? 1 : ints(steps[j][LINE])[3];
    },
    text: function (s) {
      var lines = ['N = ' + s.n + ': columns ' + view.from + '..' + (view.from + view.width - 1) +
        ' of ' + s.n + ' (row 1 is White\'s)'];
      for (var row = 3; row >= 1; row--) {
        var t = '';
        for (var c = view.from; c < view.from + view.width; c++) t += '.WB'[pawns.at(s, row, c)];
        lines.push('row ' + row + '  ' + t);
      }
      return lines.join('\n');
    },
    draw: function (s, i) {
      var cell = Math.max(18, Math.min(56, Math.floor(1100 / s.n)));
      placeWindow(s.n, Math.floor(1100 / cell), pawns.focus(s, i));
      var w = view.width * cell + 40, h = 3 * cell + 40;
      setCanvas(w, h);
      var j = lastPlayed(i), m = j >= 0 ? ints(steps[j][LINE]) : null;
      ctx.font = Math.floor(cell * 0.3) + 'px sans-serif';
      for (var k = 0; k < view.width; k++) {
        var col = view.from + k, x = 30 + k * cell;
        if (view.width < 40 || col % 5 === 0 || k === 0) {
          ctx.fillStyle = '#555';
          ctx.fillText(String(col), x + cell / 2, h - 12);
        }
        for (var row = 1; row <= 3; row++) {
          var y = 6 + (3 - row) * cell;
          ctx.fillStyle = (col + row) % 2 ? '#e8d3b0' : '#b88b5a';
          ctx.fillRect(x, y, cell, cell);
          if (m && ((m[0] === row && m[1] === col) || (m[2] === row && m[3] === col))) {
            ctx.strokeStyle = '#d62828';
            ctx.lineWidth = 3;
            ctx.strokeRect(x + 2, y + 2, cell - 4, cell - 4);
          }
          var v = pawns.at(s, row, col);
          if (v) {
            ctx.beginPath();
            ctx.arc(x + cell / 2, y + cell / 2, cell * 0.32, 0, 2 * Math.PI);
            ctx.fillStyle = v === 1 ? '#fdfdfd' : '#222';
            ctx.fill();
            ctx.lineWidth = 1.5;
            ctx.strokeStyle = '#333';
            ctx.stroke();
          }
        }
      }
      ctx.fillStyle = '#555';
      for (var r2 = 1; r2 <= 3; r2++) ctx.fillText(String(r2), 15, 6 + (3 - r2) * cell + cell / 2);
    }
  };

  // Tictactoe and coloring: one strip, two notations.
  function strip(symbols, players) {
    var e = {
      players: players,
      init: function (r) {
        var start = rounds[r][START];
        var text = start.indexOf('\n') >= 0 ? start.split('\n')[1] : start;
        var cells = new Uint8Array(text.length);
        for (var c = 0; c < text.length; c++) cells[c] = symbols.indexOf(text.charAt(c));
        return { n: text.length, cells: cells };
      },
      apply: function (s, i) {
        var m = steps[i][LINE].split(' ');
        s.cells[parseInt(m[0], 10) - 1] = symbols.indexOf(m[1]);
      },
      undo: function (s, i) {
        s.cells[parseInt(steps[i][LINE].split(' ')[0], 10) - 1] = 0;
      },
      focus: function (s, i) {
        var j = lastPlayed(i);
        return j < 0 ? 1 : parseInt(steps[j][LINE].split(' ')[0], 10);
      },
      text: function (s) {
        var t = '';
        for (var c = view.from; c < view.from + view.width; c++) t += symbols.charAt(s.cells[c - 1]);
        return 'N = ' + s.n + ': cells ' + view.from + '..' + (view.from + view.width - 1) +
          ' of ' + s.n + '\n' + t;
      },
      draw: function (s, i) {
        var cell = Math.max(20, Math.min(56, Math.floor(1100 / s.n)));
        var focus = e.focus(s, i);
        placeWindow(s.n, Math.floor(1100 / cell), focus);
        var w = view.width * cell + 20, h = cell + 40;
        setCanvas(w, h);
        var last = lastPlayed(i) >= 0 ? focus : -1;
        ctx.font = 'bold ' + Math.floor(cell * 0.55) + 'px sans-serif';
        for (var k = 0; k < view.width; k++) {
          var c = view.from + k, x = 10 + k * cell, v = s.cells[c - 1];
          ctx.fillStyle = v === 0 ? '#fff' : v === 1 ? '#cfe3ff' : '#ffd9c2';
          ctx.fillRect(x, 6, cell, cell);
          ctx.strokeStyle = c === last ? '#d62828' : '#777';
          ctx.lineWidth = c === last ? 3 : 1;
          ctx.strokeRect(x + 1, 7, cell - 2, cell - 2);
          if (v) {
            ctx.fillStyle = v === 1 ? '#1c4fa1' : '#b5451b';
            ctx.fillText(symbols.charAt(v), x + cell / 2, 6 + cell / 2);
          }
          if (view.width < 40 || c % 5 === 0 || k === 0) {
            ctx.save();
            ctx.font = '11px sans-serif';
            ctx.fillStyle = '#555';
            ctx.fillText(String(c), x + cell / 2, cell + 22);
            ctx.restore();
          }
        }
      }
    };
    return e;
  }

  // Knights: the position after a turn is the turn's line (every knight's square), so a step
  // back is the turn before it, not an undo.
  var knights = {
    players: ['the first player', 'the second player'],
    init: function (r) {
      var lines = rounds[r][START].split('\n');
      var head = ints(lines[0]);
      var xs = [], ys = [];
      for (var k = 1; k <= head[0]; k++) {
        var p = ints(lines[k]);
        xs.push(p[0]); ys.push(p[1]);
      }
      var s = { n: head[1], start: [xs, ys], pos: [xs, ys], prev: null };
      return s;
    },
    squares: function (line) {
      var t = ints(line), xs = [], ys = [];
      for (var k = 0; k + 1 < t.length; k += 2) { xs.push(t[k]); ys.push(t[k + 1]); }
      return [xs, ys];
    },
    at: function (s, i) {
      var j = lastPlayed(i);
      return j < 0 ? s.start : knights.squares(steps[j][LINE]);
    },
    apply: function (s, i) { s.pos = knights.squares(steps[i][LINE]); },
    undo: function (s, i) { s.pos = knights.at(s, i - 1); },
    text: function (s) {
      var xs = s.pos[0], ys = s.pos[1], shown = Math.min(xs.length, 100), list = [];
      for (var k = 0; k < shown; k++) list.push('(' + xs[k] + ', ' + ys[k] + ')');
      var more = xs.length > shown ? ' … and ' + (xs.length - shown) + ' more' : '';
      return 'N = ' + s.n + ', ' + xs.length + ' knight(s): ' + list.join(' ') + more;
    },
    draw: function (s, i) {
      $('window-box').style.display = 'none';
      var xs = s.pos[0], ys = s.pos[1];
      var j = lastPlayed(i);
      var prev = j < 0 ? null : knights.at(s, j - 1);
      // The view: the smallest square around the knights (and where they came from), two
      // squares of margin, at least 8 squares, within the board.
      var lo = [Infinity, Infinity], hi = [-Infinity, -Infinity];
      function cover(p) {
        for (var k = 0; k < p[0].length; k++) {
          lo[0] = Math.min(lo[0], p[0][k]); hi[0] = Math.max(hi[0], p[0][k]);
          lo[1] = Math.min(lo[1], p[1][k]); hi[1] = Math.max(hi[1], p[1][k]);
        }
      }
      cover(s.pos);
      if (prev) cover(prev);
      var side = Math.min(s.n, Math.max(8, hi[0] - lo[0] + 5, hi[1] - lo[1] + 5));
      var from = [0, 1].map(function (a) {
        var mid = Math.floor((lo[a] + hi[a]) / 2);
        return Math.max(1, Math.min(s.n - side + 1, mid - Math.floor(side / 2)));
      });
      var size = 480, cell = size / side;
      setCanvas(size + 160, size + 72);
      var ox = 50, oy = 10;
      // x grows downwards, y to the right: the knights head for (1, 1), top left.
      function px(y) { return ox + (y - from[1]) * cell; }
      function py(x) { return oy + (x - from[0]) * cell; }
      ctx.fillStyle = '#f4efe4';
      ctx.fillRect(ox, oy, size, size);
      if (side <= 64) {
        for (var a = 0; a < side; a++) {
          for (var b = 0; b < side; b++) {
            if ((from[0] + a + from[1] + b) % 2) {
              ctx.fillStyle = '#d9cdb4';
              ctx.fillRect(ox + b * cell, oy + a * cell, cell, cell);
            }
          }
        }
      }
      var dot = Math.max(2.5, cell * 0.34);
      if (prev && xs.length <= 5000) {
        ctx.strokeStyle = 'rgba(214,40,40,0.6)';
        ctx.lineWidth = Math.max(1, cell * 0.06);
        for (var k = 0; k < xs.length; k++) {
          if (prev[0][k] === xs[k] && prev[1][k] === ys[k]) continue;
          ctx.beginPath();
          ctx.moveTo(px(prev[1][k]) + cell / 2, py(prev[0][k]) + cell / 2);
          ctx.lineTo(px(ys[k]) + cell / 2, py(xs[k]) + cell / 2);
          ctx.stroke();
          ctx.beginPath();
          ctx.arc(px(prev[1][k]) + cell / 2, py(prev[0][k]) + cell / 2, dot * 0.6, 0, 2 * Math.PI);
          ctx.stroke();
        }
      }
      var stacked = {};
      for (var q = 0; q < xs.length; q++) {
        var key = xs[q] + ',' + ys[q];
        stacked[key] = (stacked[key] || 0) + 1;
      }
      ctx.font = 'bold ' + Math.max(9, Math.floor(cell * 0.36)) + 'px sans-serif';
      for (var key2 in stacked) {
        var p = key2.split(',');
        var cx = px(+p[1]) + cell / 2, cy = py(+p[0]) + cell / 2;
        ctx.beginPath();
        ctx.arc(cx, cy, dot, 0, 2 * Math.PI);
        ctx.fillStyle = '#1f3b73';
        ctx.fill();
        if (cell >= 18 && stacked[key2] > 1) {
          ctx.fillStyle = '#fff';
          ctx.fillText(String(stacked[key2]), cx, cy);
        }
      }
      ctx.fillStyle = '#333';
      ctx.font = '12px sans-serif';
      ctx.textAlign = 'left';
      ctx.fillText('y ' + from[1] + '..' + (from[1] + side - 1) + ' →', ox, oy + size + 14);
      ctx.fillText('board ' + s.n + '×' + s.n + ', view ' + side + '×' + side, ox, oy + size + 32);
      ctx.fillText((prev ? 'red rings: where the knights stood before this turn; ' : '') +
        'a number: knights on one square', ox, oy + size + 50);
      ctx.save();
      ctx.translate(20, oy + size / 2);
      ctx.rotate(Math.PI / 2);
      ctx.textAlign = 'center';
      ctx.fillText('x ' + from[0] + '..' + (from[0] + side - 1) + ' →', 0, 0);
      ctx.restore();
    }
  };

  // Race: the board once per round with its shortest-path layers (BFS from both starts:
  // a square on a shortest path between them has dA + dB = d, shaded by its layer dA); the
  // players' squares are their last moves' landing squares.
  var raceCache = { round: -1 };
  var race = {
    players: ['A', 'B'],
    init: function (r) {
      if (raceCache.round !== r) raceCache = race.board(r);
      var b = raceCache;
      return { b: b, at: [b.from[0], b.from[1]] };
    },
    board: function (r) {
      var lines = rounds[r][START].split('\n');
      var n = parseInt(lines[0], 10), wall = new Uint8Array(n * n), start = [0, 0], from = [-1, -1];
      for (var i = 0; i < n; i++) {
        for (var j = 0; j < n; j++) {
          var ch = lines[i + 1].charAt(j);
          if (ch === '#') wall[i * n + j] = 1;
          if (ch === 'A') start[0] = i * n + j;
          if (ch === 'B') start[1] = i * n + j;
          // A mid-game start: where A and B stand when not on their starts.
          if (ch === 'a') from[0] = i * n + j;
          if (ch === 'b') from[1] = i * n + j;
        }
      }
      for (var p = 0; p < 2; p++) if (from[p] < 0) from[p] = start[p];
      function bfs(from) {
        var d = new Int32Array(n * n).fill(-1), queue = new Int32Array(n * n), head = 0, tail = 0;
        d[from] = 0; queue[tail++] = from;
        while (head < tail) {
          var v = queue[head++], vr = Math.floor(v / n), vc = v % n;
          var next = [vr > 0 ? v - n : -1, vr < n - 1 ? v + n : -1, vc > 0 ? v - 1 : -1, vc < n - 1 ? v + 1 : -1];
          for (var k = 0; k < 4; k++) {
            var u = next[k];
            if (u >= 0 && !wall[u] && d[u] < 0) { d[u] = d[v] + 1; queue[tail++] = u; }
          }
        }
        return d;
      }
      var dA = bfs(start[0]), dB = bfs(start[1]);
      var b = { round: r, n: n, wall: wall, start: start, from: from, dA: dA, dB: dB, dist: dA[start[1]], image: null };
      return b;
    },
    square: function (b, line) {
      var m = ints(line), k = m.length - 2;
      return (m[k] - 1) * b.n + m[k + 1] - 1;
    },
    apply: function (s, i) { s.at[moveNo(i) % 2 === 1 ? 0 : 1] = race.square(s.b, steps[i][LINE]); },
    undo: function (s, i) {
      var player = moveNo(i) % 2 === 1 ? 0 : 1, j = lastPlayedBy(i - 1, player);
      s.at[player] = j < 0 ? s.b.from[player] : race.square(s.b, steps[j][LINE]);
    },
    name: function (b, v) { return '(' + (Math.floor(v / b.n) + 1) + ', ' + (v % b.n + 1) + ')'; },
    text: function (s) {
      var b = s.b;
      var t = 'n = ' + b.n + ': A on ' + race.name(b, s.at[0]) + ', B on ' + race.name(b, s.at[1]) +
        '; starts A ' + race.name(b, b.start[0]) + ', B ' + race.name(b, b.start[1]) +
        '; shortest distance between the starts ' + (b.dist < 0 ? 'none' : b.dist);
      if (b.n <= 40) {
        for (var i = 0; i < b.n; i++) {
          var row = '';
          for (var j = 0; j < b.n; j++) {
            var v = i * b.n + j;
            row += v === s.at[0] ? 'A' : v === s.at[1] ? 'B' : v === b.start[0] ? 'a' :
              v === b.start[1] ? 'b' : b.wall[v] ? '#' : '.';
          }
          t += '\n' + row;
        }
      }
      return t;
    },
    image: function (b, cell) {
      var c = document.createElement('canvas');
      c.width = c.height = b.n * cell;
      var g = c.getContext('2d');
      for (var v = 0; v < b.n * b.n; v++) {
        var onPath = b.dist >= 0 && b.dA[v] >= 0 && b.dA[v] + b.dB[v] === b.dist;
        g.fillStyle = b.wall[v] ? '#2b2b2b' : onPath ? (b.dA[v] % 2 ? '#9cc3f0' : '#c4dcf7') :
          b.dA[v] < 0 ? '#d0d0d0' : '#ffffff';
        g.fillRect((v % b.n) * cell, Math.floor(v / b.n) * cell, cell, cell);
      }
      return c;
    },
    draw: function (s) {
      $('window-box').style.display = 'none';
      var b = s.b, cell = Math.max(1, Math.floor(600 / b.n)), size = b.n * cell;
      if (!b.image || b.imageCell !== cell) { b.image = race.image(b, cell); b.imageCell = cell; }
      setCanvas(Math.max(size + 20, 560), size + 44);
      ctx.drawImage(b.image, 10, 10);
      ctx.save();
      ctx.font = '12px sans-serif';
      ctx.textAlign = 'left';
      ctx.fillStyle = '#333';
      ctx.fillText('blue: squares on a shortest path between the starts, by layer; ' +
        'outlined: the starts', 10, size + 30);
      ctx.restore();
      var mark = Math.max(5, cell * 0.42);
      ctx.font = 'bold ' + Math.floor(cell * 0.5) + 'px sans-serif';
      [0, 1].forEach(function (p) {
        var v = b.start[p], x = 10 + (v % b.n) * cell, y = 10 + Math.floor(v / b.n) * cell;
        ctx.strokeStyle = p ? '#1c4fa1' : '#c0262d';
        ctx.lineWidth = Math.max(1, Math.min(4, cell * 0.1));
        ctx.strokeRect(x + 1, y + 1, cell - 2, cell - 2);
      });
      [0, 1].forEach(function (p) {
        var v = s.at[p], x = 10 + (v % b.n) * cell + cell / 2, y = 10 + Math.floor(v / b.n) * cell + cell / 2;
        ctx.beginPath();
        ctx.arc(x, y, mark, 0, 2 * Math.PI);
        ctx.fillStyle = p ? '#1c4fa1' : '#c0262d';
        ctx.fill();
        if (cell >= 16) {
          ctx.fillStyle = '#fff';
          ctx.fillText(p ? 'B' : 'A', x, y);
        }
      });
    }
  };

  // Subtraction: pile and cap in BigInt (piles up to 10^18, k a decimal or a fraction).
  var subtraction = {
    players: ['the first player', 'the second player'],
    init: function (r) {
      var t = rounds[r][START].split(' '), k = t[1], p, q;
      if (k.indexOf('/') >= 0) {
        p = BigInt(k.split('/')[0]); q = BigInt(k.split('/')[1]);
      } else if (k.indexOf('.') >= 0) {
        var parts = k.split('.');
        p = BigInt(parts[0] + parts[1]); q = BigInt('1' + '0'.repeat(parts[1].length));
      } else {
        p = BigInt(k); q = 1n;
      }
      var n = BigInt(t[0]);
      // `n k p`: a round that starts mid-game, p the removal before it (docs/protocol.md).
      var before = t.length > 2 ? BigInt(t[2]) : 0n;
      var cap0 = t.length > 2 ? p * before / q : n - 1n;
      return { n: n, k: k, p: p, q: q, pile: n, cap: cap0, last: before, cap0: cap0, last0: before };
    },
    capAfter: function (s, i) {
      var j = lastPlayed(i);
      if (j < 0) return [s.cap0, s.last0];
      var x = BigInt(steps[j][LINE]);
      return [s.p * x / s.q, x];
    },
    apply: function (s, i) {
      var x = BigInt(steps[i][LINE]);
      s.pile -= x; s.cap = s.p * x / s.q; s.last = x;
    },
    undo: function (s, i) {
      s.pile += BigInt(steps[i][LINE]);
      var c = subtraction.capAfter(s, i - 1);
      s.cap = c[0]; s.last = c[1];
    },
    text: function (s) {
      var most = s.pile < s.cap ? s.pile : s.cap;
      return 'n = ' + s.n + ', k = ' + s.k + ': pile ' + s.pile + ', cap ' + s.cap +
        ' (the mover may take 1..' + most + ')';
    },
    draw: function (s) {
      $('window-box').style.display = 'none';
      if (s.n <= 400n) { subtraction.stones(s); return; }
      setCanvas(900, 170);
      var width = 860, left = 20;
      // Share of the start pile, on a linear scale, with a visible sliver for a tiny pile.
      function share(v) { return Number(v * 1000000n / (s.n > 0n ? s.n : 1n)) / 1000000; }
      ctx.fillStyle = '#eee';
      ctx.fillRect(left, 30, width, 40);
      var pileW = Math.max(s.pile > 0n ? 2 : 0, share(s.pile) * width);
      ctx.fillStyle = '#6d8f3b';
      ctx.fillRect(left, 30, pileW, 40);
      var lastW = share(s.last) * width;
      // The removal before a mid-game start took no stone of this pile: not drawn.
      if (s.last > 0n && s.pile + s.last <= s.n) {
        ctx.fillStyle = '#e8a33d';
        ctx.fillRect(left + pileW, 30, Math.max(2, lastW), 40);
      }
      var most = s.pile < s.cap ? s.pile : s.cap;
      ctx.fillStyle = 'rgba(214,40,40,0.35)';
      ctx.fillRect(left + pileW - Math.max(2, share(most) * width), 74, Math.max(2, share(most) * width), 12);
      ctx.fillStyle = '#222';
      ctx.font = '15px sans-serif';
      ctx.textAlign = 'left';
      ctx.fillText('pile ' + s.pile + ' of ' + s.n + ' stones', left, 14);
      ctx.fillText('last move took ' + s.last + (s.last > 0n ? ' (orange)' : ''), left, 104);
      ctx.fillText('cap ' + s.cap + ' = ⌊k·last⌋, k = ' + s.k + ': the mover may take 1..' + most +
        ' (red)', left, 128);
    }
  };

  // A small pile stone by stone: left in the pile (green; the ones the mover may take ringed
  // in red), taken by the last move (orange), taken before (grey).
  subtraction.stones = function (s) {
    var n = Number(s.n), pile = Number(s.pile), last = Number(s.last);
    var most = Number(s.pile < s.cap ? s.pile : s.cap), perRow = 40, d = 21;
    var rows = Math.ceil(n / perRow);
    setCanvas(perRow * d + 40, rows * d + 80);
    for (var i = 0; i < n; i++) {
      var x = 20 + (i % perRow) * d + d / 2, y = 30 + Math.floor(i / perRow) * d + d / 2;
      ctx.beginPath();
      ctx.arc(x, y, d * 0.4, 0, 2 * Math.PI);
      ctx.fillStyle = i < pile ? '#6d8f3b' : i < pile + last ? '#e8a33d' : '#dddddd';
      ctx.fill();
      if (i < pile && i >= pile - most) {
        ctx.strokeStyle = '#d62828';
        ctx.lineWidth = 2;
        ctx.stroke();
      }
    }
    ctx.fillStyle = '#222';
    ctx.font = '15px sans-serif';
    ctx.textAlign = 'left';
    ctx.fillText('pile ' + s.pile + ' of ' + s.n + ' stones; the last move took ' + s.last +
      ' (orange)', 20, 14);
    ctx.fillText('cap ' + s.cap + ' = ⌊k·last⌋, k = ' + s.k + ': the mover may take 1..' + most +
      ' (ringed in red)', 20, 30 + rows * d + 22);
  };

  // impartial: the spec and the row of heaps; a move `i a b ...` replaces heap i by its parts.
  var impartial = {
    players: ['the first player', 'the second player'],
    init: function (r) {
      var lines = rounds[r][START].split('\n');
      var t = (lines[1] || '0').split(' ').map(Number);
      return {
        spec: lines[0],
        heaps: t.slice(1).filter(function (h) { return h > 0; }),
        undo: []
      };
    },
    apply: function (s, i) {
      var t = steps[i][LINE].split(' ').map(Number);
      var at = t[0] - 1, parts = t.slice(1);
      s.undo.push([at, s.heaps[at], parts.length]);
      Array.prototype.splice.apply(s.heaps, [at, 1].concat(parts));
    },
    undo: function (s) {
      var u = s.undo.pop();
      s.heaps.splice(u[0], u[2], u[1]);
    },
    text: function (s) {
      return s.spec + ': ' + (s.heaps.length ? s.heaps.length + ' ' + s.heaps.join(' ') : 'no heap left');
    },
    draw: function (s) {
      $('window-box').style.display = 'none';
      var rows = Math.max(1, s.heaps.length), most = Math.max.apply(null, [1].concat(s.heaps));
      setCanvas(900, 50 + rows * 26);
      ctx.font = '14px sans-serif';
      ctx.textAlign = 'left';
      ctx.fillStyle = '#222';
      ctx.fillText(s.spec + (s.spec.indexOf('misere') === 0 ? ' (the last mover loses)' : ' (the last mover wins)'), 20, 20);
      s.heaps.forEach(function (h, k) {
        var y = 34 + k * 26;
        ctx.fillStyle = '#6d8f3b';
        ctx.fillRect(80, y, Math.max(2, 780 * h / most), 18);
        ctx.fillStyle = '#222';
        ctx.fillText('heap ' + (k + 1), 20, y + 14);
        ctx.fillText(String(h), 84 + Math.max(2, 780 * h / most), y + 14);
      });
    }
  };

  var engines = {
    pawns: pawns,
    tictactoe: strip('.XO', ['the first player', 'the second player']),
    coloring: strip('012', ['the first player', 'the second player']),
    knights: knights,
    race: race,
    subtraction: subtraction,
    impartial: impartial
  };
  var engine = engines[data.game];

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
    return engine.players[p] + by;
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
        var named = engine.players[0] === 'the first player' ? '' : ' (' + engine.players[0] + ')';
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

  $('title').textContent = data.game + ' replay: ' + rounds.length + ' round(s), ' +
    (steps.length - rounds.length) + ' move(s)';
  $('notes').textContent = data.notes.join('\n');
  $('timeline').max = String(Math.max(0, steps.length - 1));
  var opensAtFault = steps.length > 0 && (steps[data.open][CODE] !== 'W' && steps[data.open][CODE] !== 'L');
  $('open-wa').textContent = opensAtFault ? 'WA move' : 'last move';
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
