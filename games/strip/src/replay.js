// The strip's part of the replay page: the body of a function that returns its engine, ended
// by each problem's `return strip(...)` in lib.rs (crates/referee/src/html/replay.js says
// what an engine is and what it may use).

// Tictactoe and coloring: one strip, two notations.
function strip(symbols) {
  var e = {
    legend: [
      ['#ffffff', '#777777', 'an empty cell'],
      ['#cfe3ff', null, 'a cell with ' + symbols.charAt(1)],
      ['#ffd9c2', null, 'a cell with ' + symbols.charAt(2)],
      [null, '#d62828', 'the last move\'s cell']
    ],
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
