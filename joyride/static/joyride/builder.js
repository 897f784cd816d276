/* The run builder's ghost tile (joyride/_builder.html).
 *
 * A shape is picked in the palette (or with keys 1-5); the ghost follows the pointer over the
 * lab. It snaps to the nearest of the places the engine offers for that shape in the chosen
 * orientation (the options of #next-tile: where the next tile may go without breaking a rule),
 * shown green; with none near it sits under the pointer, shown red (it would break a rule).
 * R or the rotate button turns it, F or the mirror button mirrors it, a click places it by
 * posting the plain place form (htmx swaps the builder in again). Where the engine offers the
 * same cells entered from either end (a first tile), the ghost takes the one whose exit lies
 * further right. On a touch screen the first tap shows the ghost, a second tap on it places
 * it. No rule is decided here.
 */
(function () {
  "use strict";
  document.documentElement.classList.add("js");
  var SNAP = 3.5;                 // cells: how far the pointer may be from a place offered
  var chosen = { shape: null, turns: 0, flip: false, pointer: null };

  function parseCells(text) {
    return text.split(";").map(function (pair) {
      var parts = pair.split(",");
      return [parseInt(parts[0], 10), parseInt(parts[1], 10)];
    });
  }

  function normalised(cells) {
    var top = Math.min.apply(null, cells.map(function (c) { return c[0]; }));
    var left = Math.min.apply(null, cells.map(function (c) { return c[1]; }));
    return cells.map(function (c) { return [c[0] - top, c[1] - left]; });
  }

  function key(cells) {
    return normalised(cells).map(function (c) { return c[0] + "," + c[1]; }).sort().join(" ");
  }

  function oriented(chain, turns, flip) {
    var cells = chain.map(function (c) { return flip ? [c[0], -c[1]] : [c[0], c[1]]; });
    for (var i = 0; i < turns; i += 1) {
      cells = cells.map(function (c) { return [c[1], -c[0]]; });
    }
    return normalised(cells);
  }

  function exitColumn(place) {
    return place.cells[place.cells.length - 1][1];
  }

  function centre(cells) {
    var r = 0, c = 0;
    cells.forEach(function (cell) { r += cell[0]; c += cell[1]; });
    return [r / cells.length, c / cells.length];
  }

  function init(root) {
    var builder = root.id === "builder" ? root : root.querySelector && root.querySelector("#builder");
    if (!builder) { return; }
    // The lab is the table's board, beside the builder (templates/games/table.html).
    var svg = document.querySelector("svg.builder-lab");
    if (!svg) { return; }
    var ghost = svg.querySelector("g.ghost");
    var form = builder.querySelector("#place-form");
    var select = builder.querySelector("#next-tile");
    var cellSize = parseInt(svg.dataset.cell, 10);
    var firstRow = parseInt(svg.dataset.firstRow, 10);
    var firstCol = parseInt(svg.dataset.firstCol, 10);
    var buttons = Array.prototype.slice.call(builder.querySelectorAll("button[data-shape]"));
    var chains = {};
    buttons.forEach(function (b) { chains[b.dataset.shape] = JSON.parse(b.dataset.chain); });
    var offered = [];
    if (select) {
      Array.prototype.forEach.call(select.options, function (option) {
        if (!option.value) { return; }
        var parts = option.value.split("|");
        offered.push({ value: option.value, shape: parts[0], cells: parseCells(parts[1]) });
      });
    }
    var current = null;   // {cells, value or null}

    function pressed() {
      buttons.forEach(function (b) {
        b.setAttribute("aria-pressed", String(b.dataset.shape === chosen.shape));
      });
    }

    function draw() {
      builder.dataset.turns = String(chosen.turns);
      builder.dataset.flip = String(chosen.flip);
      while (ghost.firstChild) { ghost.removeChild(ghost.firstChild); }
      current = null;
      if (!chosen.shape || !chosen.pointer) { return; }
      var shape = oriented(chains[chosen.shape], chosen.turns, chosen.flip);
      var wanted = key(shape);
      var best = null, bestDistance = SNAP;
      offered.forEach(function (place) {
        if (place.shape !== chosen.shape || key(place.cells) !== wanted) { return; }
        var mid = centre(place.cells);
        var distance = Math.hypot(mid[0] - chosen.pointer[0], mid[1] - chosen.pointer[1]);
        if (distance < bestDistance || (best && distance === bestDistance &&
            exitColumn(place) > exitColumn(best))) {
          best = place;
          bestDistance = distance;
        }
      });
      if (best) {
        current = { cells: best.cells, value: best.value };
      } else {
        var mid = centre(shape);
        var dr = Math.round(chosen.pointer[0] - mid[0]), dc = Math.round(chosen.pointer[1] - mid[1]);
        current = { cells: shape.map(function (c) { return [c[0] + dr, c[1] + dc]; }), value: null };
      }
      ghost.setAttribute("class", "ghost " + (current.value ? "legal" : "free"));
      current.cells.forEach(function (cell) {
        var rect = document.createElementNS("http://www.w3.org/2000/svg", "rect");
        rect.setAttribute("x", (cell[1] - firstCol) * cellSize);
        rect.setAttribute("y", (cell[0] - firstRow) * cellSize);
        rect.setAttribute("width", cellSize);
        rect.setAttribute("height", cellSize);
        ghost.appendChild(rect);
      });
    }

    function pointerCell(event) {
      var point = svg.createSVGPoint();
      point.x = event.clientX;
      point.y = event.clientY;
      var inner = point.matrixTransform(svg.getScreenCTM().inverse());
      return [inner.y / cellSize + firstRow - 0.5, inner.x / cellSize + firstCol - 0.5];
    }

    function place() {
      if (!current) { return; }
      if (current.value) {
        select.value = current.value;
        form.querySelector("[name=cells]").value = "";
      } else {
        if (select) { select.value = ""; }
        form.querySelector("[name=shape]").value = chosen.shape;
        form.querySelector("[name=cells]").value = current.cells.map(function (c) {
          return c[0] + "," + c[1];
        }).join(" ");
      }
      form.requestSubmit();
    }

    buttons.forEach(function (b) {
      b.addEventListener("click", function () {
        chosen.shape = chosen.shape === b.dataset.shape ? null : b.dataset.shape;
        pressed();
        draw();
      });
    });
    builder.querySelectorAll("button[data-turn]").forEach(function (b) {
      b.addEventListener("click", function () { turn(b.dataset.turn); });
    });
    svg.addEventListener("pointermove", function (event) {
      chosen.pointer = pointerCell(event);
      draw();
    });
    var touched = false, armed = null;
    svg.addEventListener("pointerdown", function (event) {
      touched = event.pointerType === "touch" || event.pointerType === "pen";
    });
    svg.addEventListener("click", function (event) {
      chosen.pointer = pointerCell(event);
      draw();
      var shown = current ? JSON.stringify(current.cells) : null;
      if (touched && shown !== armed) {   // a tap shows the ghost; a second one places it
        armed = shown;
        return;
      }
      armed = null;
      place();
    });
    builder.turn = function (how) {
      if (how === "rotate") { chosen.turns = (chosen.turns + 1) % 4; }
      if (how === "mirror") { chosen.flip = !chosen.flip; }
      draw();
    };
    builder.pick = function (number) {
      var b = buttons[number - 1];
      if (b) {
        b.click();
      } else {
        chosen.shape = null;
        pressed();
        draw();
      }
    };
    pressed();
    draw();
  }

  function turn(how) {
    var builder = document.getElementById("builder");
    if (builder && builder.turn) { builder.turn(how); }
  }

  document.addEventListener("keydown", function (event) {
    var target = event.target;
    if (event.ctrlKey || event.metaKey || event.altKey ||
        (target && /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName))) { return; }
    var builder = document.getElementById("builder");
    if (!builder || !builder.turn) { return; }
    var k = event.key.toLowerCase();
    if (k === "r") { builder.turn("rotate"); }
    else if (k === "f") { builder.turn("mirror"); }
    else if (k >= "1" && k <= "5") { builder.pick(parseInt(k, 10)); }
    else if (k === "escape") { builder.pick(0); }
    else { return; }
    event.preventDefault();
  });

  if (window.htmx) {
    window.htmx.onLoad(init);
  } else {
    document.addEventListener("DOMContentLoaded", function () { init(document); });
  }
}());
