// This game's part of the replay page: the body of a function that returns its engine
// (crates/referee/src/html/replay.js says what an engine is and what it may use).

var pawns = {
  legend: [
    ['#fdfdfd', '#333333', 'White\'s pawn', 'disc'],
    ['#222222', '#333333', 'Black\'s pawn', 'disc'],
    [null, '#d62828', 'the last move\'s squares']
  ],
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

return pawns;
