// This game's part of the replay page: the body of a function that returns its engine
// (crates/referee/src/html/replay.js says what an engine is and what it may use).

// Race: the board once per round with its shortest-path layers (BFS from both starts:
// a square on a shortest path between them has dA + dB = d, shaded by its layer dA); the
// players' squares are their last moves' landing squares.
var raceCache = { round: -1 };
var race = {
  legend: [
    ['#2b2b2b', null, 'wall'],
    ['#c4dcf7', null, 'on a shortest path between the starts, at an even distance from A\'s start'],
    ['#9cc3f0', null, 'the same, at an odd distance'],
    ['#ffffff', '#999999', 'free, on no shortest path'],
    ['#d0d0d0', null, 'free, out of A\'s reach'],
    [null, '#c0262d', 'A\'s start'],
    [null, '#1c4fa1', 'B\'s start']
  ],
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
    // Grid lines between the squares, where squares are wide enough for them to help.
    if (cell >= 6) {
      g.strokeStyle = 'rgba(0, 0, 0, 0.2)';
      g.lineWidth = 1;
      g.beginPath();
      for (var k = 0; k <= b.n; k++) {
        var at = Math.min(k * cell, c.width - 1) + 0.5;
        g.moveTo(at, 0); g.lineTo(at, c.height);
        g.moveTo(0, at); g.lineTo(c.width, at);
      }
      g.stroke();
    }
    return c;
  },
  // Every `step`-th row and column is numbered (and 1): the smallest of 1, 2, 5, 10, 20, ...
  // that keeps the numbers apart.
  labelStep: function (cell) {
    for (var step = 1; ; step *= 10) {
      if (step * cell >= 18) return step;
      if (2 * step * cell >= 18) return 2 * step;
      if (5 * step * cell >= 18) return 5 * step;
    }
  },
  // The coordinates of the moves: rows numbered down the left side, columns along the top.
  labels: function (b, cell, ox, oy) {
    var step = race.labelStep(cell);
    ctx.font = '11px sans-serif';
    ctx.fillStyle = '#555555';
    for (var k = 0; k < b.n; k++) {
      // 1 is numbered too, but not beside 2.
      if ((k + 1) % step !== 0 && (k > 0 || step === 2)) continue;
      ctx.textAlign = 'center';
      ctx.fillText(String(k + 1), ox + k * cell + cell / 2, oy - 9);
      ctx.textAlign = 'right';
      ctx.fillText(String(k + 1), ox - 5, oy + k * cell + cell / 2);
    }
    ctx.textAlign = 'center';
  },
  draw: function (s) {
    $('window-box').style.display = 'none';
    var b = s.b, cell = Math.max(1, Math.floor(600 / b.n)), size = b.n * cell;
    // The board's top left corner, past the coordinates' margins.
    var ox = 40, oy = 26;
    if (!b.image || b.imageCell !== cell) { b.image = race.image(b, cell); b.imageCell = cell; }
    setCanvas(Math.max(size + ox + 10, 560), size + oy + 10);
    ctx.drawImage(b.image, ox, oy);
    race.labels(b, cell, ox, oy);
    var mark = Math.max(5, cell * 0.42);
    ctx.font = 'bold ' + Math.floor(cell * 0.5) + 'px sans-serif';
    [0, 1].forEach(function (p) {
      var v = b.start[p], x = ox + (v % b.n) * cell, y = oy + Math.floor(v / b.n) * cell;
      ctx.strokeStyle = p ? '#1c4fa1' : '#c0262d';
      ctx.lineWidth = Math.max(1, Math.min(4, cell * 0.1));
      ctx.strokeRect(x + 1, y + 1, cell - 2, cell - 2);
    });
    [0, 1].forEach(function (p) {
      var v = s.at[p], x = ox + (v % b.n) * cell + cell / 2, y = oy + Math.floor(v / b.n) * cell + cell / 2;
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

return race;
