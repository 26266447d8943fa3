// This game's part of the replay page: the body of a function that returns its engine
// (crates/referee/src/html/replay.js says what an engine is and what it may use).

// Knights: the position after a turn is the turn's line (every knight's square), so a step
// back is the turn before it, not an undo.
var knights = {
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
    return 'N = ' + s.n + ', ' + xs.length + (xs.length === 1 ? ' knight: ' : ' knights: ') + list.join(' ') + more;
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

return knights;
