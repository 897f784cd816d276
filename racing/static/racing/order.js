// The race's order form: the two handles on the course (the ruler's end on the landing arc is
// the first hinge, the arrow the second) set the number fields "h1" and "h2". A drag or an
// arrow key on a focused handle moves them. While a handle is dragged, the preview follows:
// "#drag-preview" (htmx, in _play.html) asks the server for the engine's preview words and the
// board's preview layer alone, at most one request in flight; when one comes back and the
// handle has moved since, it asks again. On release (and on a key) the field's "change" asks
// for the whole form and board (htmx, on the form). The handles only mirror the fields: without
// this script the fields alone are the whole form. Listeners sit on the document, so the form
// and board swapped in by htmx need no new binding; a drag whose board is swapped meanwhile
// goes on with the new board's handle.
(function () {
  "use strict";
  var ARROW = 28 * 1.6;
  var drag = null;

  function norm(a) {
    a = a % 360;
    if (a <= -180) a += 360;
    if (a > 180) a -= 360;
    return a;
  }
  function rad(a) { return a * Math.PI / 180; }
  function field(name) { return document.getElementById(name); }
  function value(name) { var f = field(name); return f ? parseFloat(f.value) || 0 : 0; }

  function geometry(svg) {
    var lift = field("lift") ? field("lift").value : "";
    var boost = field("boost") ? field("boost").value : "";
    var reaches = JSON.parse(svg.dataset.reach || "[]");
    var reach = reaches.filter(function (r) { return String(r.lift) === lift && r.boost === boost; })[0]
      || reaches.filter(function (r) { return String(r.lift) === lift && !r.boost; })[0];
    if (!reach) return null;
    return {x: parseFloat(svg.dataset.x), y: parseFloat(svg.dataset.y),
            heading: parseFloat(svg.dataset.heading), radius: reach.radius, limit: reach.limit};
  }

  function clamp(a, limit) { return Math.round(Math.max(-limit, Math.min(limit, a)) * 2) / 2; }

  function world(svg, event) {
    var point = svg.createSVGPoint();
    point.x = event.clientX;
    point.y = event.clientY;
    var p = point.matrixTransform(svg.getScreenCTM().inverse());
    return {x: p.x, y: -p.y};
  }

  // Redraw the ruler, the arrow and both handles for hinges h1, h2 (screen y is -y).
  function draw(svg, g, h1, h2) {
    var rx = g.x + g.radius * Math.cos(rad(g.heading + h1));
    var ry = g.y + g.radius * Math.sin(rad(g.heading + h1));
    var ax = rx + ARROW * Math.cos(rad(g.heading + h1 + h2));
    var ay = ry + ARROW * Math.sin(rad(g.heading + h1 + h2));
    function set(selector, attrs) {
      var el = svg.querySelector(selector);
      if (!el) return;
      Object.keys(attrs).forEach(function (k) { el.setAttribute(k, attrs[k].toFixed(1)); });
    }
    set(".ruler", {x2: rx, y2: -ry});
    set(".new-heading", {x1: rx, y1: -ry, x2: ax, y2: -ay});
    set('[data-handle="h1"]', {cx: rx, cy: -ry});
    set('[data-handle="h2"]', {cx: ax, cy: -ay});
    var one = svg.querySelector('[data-handle="h1"]'), two = svg.querySelector('[data-handle="h2"]');
    if (one) one.setAttribute("aria-valuenow", h1);
    if (two) two.setAttribute("aria-valuenow", h2);
  }

  function hingesAt(g, which, p) {
    var h1 = value("h1"), h2 = value("h2");
    if (which === "h1") {
      h1 = clamp(norm(Math.atan2(p.y - g.y, p.x - g.x) * 180 / Math.PI - g.heading), g.limit);
    } else {
      var lx = g.x + g.radius * Math.cos(rad(g.heading + h1));
      var ly = g.y + g.radius * Math.sin(rad(g.heading + h1));
      h2 = clamp(norm(Math.atan2(p.y - ly, p.x - lx) * 180 / Math.PI - g.heading - h1), g.limit);
    }
    return [h1, h2];
  }

  function commit(h1, h2) {
    field("h1").value = h1;
    field("h2").value = h2;
    field("h2").dispatchEvent(new Event("change", {bubbles: true}));
  }

  function key(hinges) { return hinges[0] + " " + hinges[1]; }

  // Show the drag's hinges in the fields and on the board's handles.
  function show() {
    field("h1").value = drag.hinges[0];
    field("h2").value = drag.hinges[1];
    draw(drag.svg, drag.g, drag.hinges[0], drag.hinges[1]);
  }

  // The whole form and board were swapped in during the drag (an earlier request's answer):
  // go on with the new board's handle, and put the drag's hinges back in the new fields.
  function rebind() {
    var handle = document.querySelector('#board-wrap [data-handle="' + drag.which + '"]');
    var g = handle && field("h1") && geometry(handle.ownerSVGElement);
    if (!g) {
      drag = null;
      return false;
    }
    drag.handle = handle;
    drag.svg = handle.ownerSVGElement;
    drag.g = g;
    try {
      handle.setPointerCapture(drag.pointerId);
    } catch (e) {
      // the pointer is no longer down: its pointerup ends the drag
    }
    show();
    return true;
  }

  // Ask for the preview of the drag's hinges, unless a request is in flight (its return asks
  // again) or the preview shown was asked for these hinges.
  function ask() {
    var asker = field("drag-preview");
    if (!drag || drag.asking || !asker || key(drag.hinges) === drag.asked) return;
    asker.dispatchEvent(new CustomEvent("preview-drag"));
  }

  document.addEventListener("htmx:beforeRequest", function (event) {
    if (drag && event.detail.elt.id === "drag-preview") {
      drag.asking = true;
      drag.asked = key(drag.hinges);
    }
  });
  // When a request is done, ask again (also after a request of the whole form, which kept the
  // drag's from going out): once htmx has let go of it, or hx-sync would drop the new one.
  document.addEventListener("htmx:afterRequest", function (event) {
    if (!drag) return;
    if (event.detail.elt.id === "drag-preview") drag.asking = false;
    setTimeout(ask, 0);
  });
  // The whole form's answer is for the fields as they were sent. If the pilot typed on in
  // the meantime, swapping it in would put the old values back: drop it and ask again for the
  // fields as they are now. (During a drag the drag's own hinges are put back by rebind.)
  var sent = null;
  function filled(form) { return new URLSearchParams(new FormData(form)).toString(); }
  document.addEventListener("htmx:beforeRequest", function (event) {
    if (event.detail.elt.id === "order-form") sent = filled(event.detail.elt);
  });
  document.addEventListener("htmx:beforeSwap", function (event) {
    var form = event.detail.requestConfig && event.detail.requestConfig.elt;  // the asker
    if (drag || !form || form.id !== "order-form" || sent === null || filled(form) === sent) {
      return;
    }
    event.detail.shouldSwap = false;
    setTimeout(function () { form.dispatchEvent(new Event("change", {bubbles: true})); }, 0);
  });
  document.addEventListener("htmx:afterSwap", function () {
    if (drag && !drag.svg.isConnected) rebind();
  });

  document.addEventListener("pointerdown", function (event) {
    var handle = event.target.closest && event.target.closest("[data-handle]");
    if (!handle || !field("h1")) return;
    var svg = handle.ownerSVGElement, g = geometry(svg);
    if (!g) return;
    event.preventDefault();
    handle.setPointerCapture(event.pointerId);
    var hinges = [value("h1"), value("h2")];
    drag = {handle: handle, svg: svg, g: g, which: handle.dataset.handle,
            pointerId: event.pointerId, hinges: hinges, asked: key(hinges), asking: false};
  });

  document.addEventListener("pointermove", function (event) {
    if (!drag || event.pointerId !== drag.pointerId) return;
    if (!drag.svg.isConnected && !rebind()) return;
    drag.hinges = hingesAt(drag.g, drag.which, world(drag.svg, event));
    show();
    ask();
  });

  function finish(event) {
    if (!drag || event.pointerId !== drag.pointerId) return;
    var hinges = drag.hinges;
    drag = null;
    commit(hinges[0], hinges[1]);  // the whole form's request, after a drag's in flight
  }
  document.addEventListener("pointerup", finish);
  document.addEventListener("pointercancel", finish);

  // A handle is a touch target of at least TOUCH px across, whatever the scale the course is
  // drawn at (a phone's, or a close-up's of a long lift): its radius in the course's units
  // comes from the board's scale, never less than the 11 units svg.py draws.
  var TOUCH = 46;
  function sizeHandles() {
    Array.prototype.forEach.call(document.querySelectorAll("svg.course"), function (svg) {
      var handles = svg.querySelectorAll("[data-handle]"), ctm = svg.getScreenCTM();
      if (!handles.length || !ctm || !ctm.a) return;
      var r = Math.max(11, TOUCH / 2 / Math.abs(ctm.a)).toFixed(1);
      Array.prototype.forEach.call(handles, function (h) { h.setAttribute("r", r); });
    });
  }
  document.addEventListener("DOMContentLoaded", sizeHandles);
  document.addEventListener("htmx:afterSettle", sizeHandles);
  window.addEventListener("resize", sizeHandles);

  // Arrow keys on a focused handle: left and up turn left (+), right and down turn right;
  // with Shift five degrees at a time.
  document.addEventListener("keydown", function (event) {
    var handle = event.target.closest && event.target.closest("[data-handle]");
    if (!handle || !field("h1")) return;
    var step = {ArrowLeft: 1, ArrowUp: 1, ArrowRight: -1, ArrowDown: -1}[event.key];
    if (!step) return;
    var g = geometry(handle.ownerSVGElement);
    if (!g) return;
    event.preventDefault();
    var h1 = value("h1"), h2 = value("h2");
    var delta = step * (event.shiftKey ? 5 : 1);
    if (handle.dataset.handle === "h1") h1 = clamp(h1 + delta, g.limit);
    else h2 = clamp(h2 + delta, g.limit);
    draw(handle.ownerSVGElement, g, h1, h2);
    commit(h1, h2);
  });
})();
