// Zoom and pan for the duel's boards: the +/- buttons under a board (hidden without
// JavaScript) zoom around the middle of what is shown, a drag with one finger or the mouse pans
// a zoomed board, two fingers pinch. The view is kept across htmx swaps of the same board.
(function () {
  "use strict";
  var STEP = 1.5;
  var MAX_ZOOM = 4;
  var views = {};  // svg id -> [x, y, width, height] while zoomed

  function full(svg) {
    if (!svg.dataset.full) { svg.dataset.full = svg.getAttribute("viewBox"); }
    return svg.dataset.full.split(/\s+/).map(Number);
  }

  function current(svg) { return svg.getAttribute("viewBox").split(/\s+/).map(Number); }

  function show(svg, box) {
    var whole = full(svg);
    var width = Math.min(whole[2], Math.max(whole[2] / MAX_ZOOM, box[2]));
    var height = width * whole[3] / whole[2];
    var x = Math.min(Math.max(box[0], whole[0]), whole[0] + whole[2] - width);
    var y = Math.min(Math.max(box[1], whole[1]), whole[1] + whole[3] - height);
    var shown = [x, y, width, height];
    svg.setAttribute("viewBox", shown.map(function (n) { return n.toFixed(1); }).join(" "));
    if (width < whole[2]) { views[svg.id] = shown; } else { delete views[svg.id]; }
    svg.classList.toggle("zoomed", width < whole[2]);
  }

  function zoom(svg, factor, cx, cy) {
    var box = current(svg);
    if (cx === undefined) { cx = box[0] + box[2] / 2; cy = box[1] + box[3] / 2; }
    var width = box[2] / factor;
    var height = box[3] / factor;
    show(svg, [cx - (cx - box[0]) / factor, cy - (cy - box[1]) / factor, width, height]);
  }

  function boardOf(tools) {
    var wrap = tools.previousElementSibling;
    return wrap && wrap.querySelector("svg.duel-board");
  }

  function prepare() {
    document.querySelectorAll(".board-tools").forEach(function (tools) {
      var svg = boardOf(tools);
      if (!svg) { return; }
      tools.hidden = false;
      full(svg);
      if (views[svg.id]) { show(svg, views[svg.id]); }
    });
  }

  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest(".board-tools button");
    if (!button) { return; }
    var svg = boardOf(button.closest(".board-tools"));
    if (!svg) { return; }
    var how = button.dataset.zoom;
    if (how === "in") { zoom(svg, STEP); }
    if (how === "out") { zoom(svg, 1 / STEP); }
    if (how === "reset") { show(svg, full(svg)); }
  });

  // Panning and pinching: pointer events on a zoomed board.
  var pointers = {};
  var start = null;

  document.addEventListener("pointerdown", function (event) {
    var svg = event.target.closest && event.target.closest("svg.duel-board.zoomed");
    if (!svg) { return; }
    pointers[event.pointerId] = [event.clientX, event.clientY];
    start = {svg: svg, box: current(svg), x: event.clientX, y: event.clientY, moved: false,
             spread: spread()};
  });

  function spread() {
    var at = Object.keys(pointers).map(function (k) { return pointers[k]; });
    if (at.length < 2) { return null; }
    return Math.hypot(at[0][0] - at[1][0], at[0][1] - at[1][1]);
  }

  document.addEventListener("pointermove", function (event) {
    if (!start || !(event.pointerId in pointers)) { return; }
    pointers[event.pointerId] = [event.clientX, event.clientY];
    var svg = start.svg;
    var rect = svg.getBoundingClientRect();
    var now = spread();
    if (now && start.spread) {
      zoom(svg, now / start.spread);
      start.spread = now;
      start.box = current(svg);
      start.moved = true;
      return;
    }
    var dx = (event.clientX - start.x) * start.box[2] / rect.width;
    var dy = (event.clientY - start.y) * start.box[3] / rect.height;
    if (Math.abs(dx) + Math.abs(dy) > 2) { start.moved = true; }
    show(svg, [start.box[0] - dx, start.box[1] - dy, start.box[2], start.box[3]]);
  });

  function release(event) {
    delete pointers[event.pointerId];
    if (!Object.keys(pointers).length) { start = null; }
  }
  document.addEventListener("pointerup", release);
  document.addEventListener("pointercancel", release);
  document.addEventListener("htmx:afterSettle", prepare);
  prepare();
})();
