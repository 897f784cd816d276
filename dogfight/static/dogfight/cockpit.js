// The hex under the pointer, read out under the board (a static file: no inline script).
// Geometry only, the same as dogfight/svg.py draws: pointy-top hexes of radius 10 units.
(function () {
  "use strict";
  var SIZE = 10, RADIUS = 9;
  var output = document.getElementById("hex-readout");
  if (!output) { return; }

  function axial(x, y) {
    var q = (Math.sqrt(3) / 3 * x - y / 3) / SIZE, r = (2 / 3 * y) / SIZE, s = -q - r;
    var rq = Math.round(q), rr = Math.round(r), rs = Math.round(s);
    var dq = Math.abs(rq - q), dr = Math.abs(rr - r), ds = Math.abs(rs - s);
    if (dq > dr && dq > ds) { rq = -rr - rs; } else if (dr > ds) { rr = -rq - rs; }
    return [rq, rr];
  }

  function show(event) {
    var svg = event.target.closest && event.target.closest("#board-wrap svg.board");
    if (!svg || !svg.getScreenCTM()) { return; }
    var point = svg.createSVGPoint();
    point.x = event.clientX; point.y = event.clientY;
    var at = point.matrixTransform(svg.getScreenCTM().inverse());
    var hex = axial(at.x, at.y), q = hex[0] + 0, r = hex[1] + 0;
    if (Math.max(Math.abs(q), Math.abs(r), Math.abs(q + r)) > RADIUS) {
      output.textContent = output.dataset.off;
    } else {
      output.textContent = output.dataset.template.replace("{q}", q).replace("{r}", r);
    }
  }

  // The live preview swaps the board whole: listen on the document, which stays.
  document.addEventListener("pointermove", show);
  document.addEventListener("pointerdown", show);
})();
