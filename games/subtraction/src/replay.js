// This game's part of the replay page: the body of a function that returns its engine
// (crates/referee/src/html/replay.js says what an engine is and what it may use).

// Subtraction: pile and cap in BigInt (piles up to 10^18, k a decimal or a fraction).
var subtraction = {
  legend: [
    ['#6d8f3b', null, 'in the pile'],
    [null, '#d62828', 'may be taken by the mover (ringed; on the bar, the red band)'],
    ['#e8a33d', null, 'taken by the last move'],
    ['#dddddd', null, 'taken before']
  ],
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
    ctx.fillStyle = '#dddddd';
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

return subtraction;
