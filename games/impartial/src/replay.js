// This game's part of the replay page: the body of a function that returns its engine
// (crates/referee/src/html/replay.js says what an engine is and what it may use).

// impartial: the spec and the row of heaps; a move `i a b ...` replaces heap i by its parts.
var impartial = {
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

return impartial;
