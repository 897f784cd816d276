/* The run builder's ghost tile (joyride/_builder.html).
 *
 * A shape is picked in the palette (or with keys 1-5; a shape the pool no longer holds is
 * disabled and skipped); the ghost follows the pointer over the lab. It snaps to the nearest
 * of the places the engine offers for that shape in the chosen orientation (the options of
 * #next-tile: where the next tile may go without breaking a rule, for the shapes the pool still
 * holds), shown green; with none near it sits under the pointer, shown red (it would break a
 * rule). R or the rotate button turns it, F or the mirror button mirrors it, a click places it
 * by posting the plain place form (htmx swaps the builder in again). Where the engine offers
 * the same cells entered from either end (a first tile), the ghost takes the one whose exit
 * lies further right. On a touch screen the first tap shows the ghost, a second tap on it
 * places it.
 *
 * The keyboard: with the lab focused (it is in the tab order), the arrow keys move the ghost
 * from one offered place to the next in that direction, R and F turn it onto the offered place
 * nearest where it was, Enter (or Space) places it. The swapped-in lab gets the focus back
 * (static/js/table.js) and the ghost goes to the offered place nearest the last one.
 *
 * The ghost is placed where it shows: a click places the place drawn from the pointer's last
 * exact position (a pointer event's coordinates are fractional, a click's are whole pixels,
 * which near the middle of two places would pick the other one). No rule is decided here.
 */
(function () {
  "use strict";
  document.documentElement.classList.add("js");
  var SNAP = 3.5;                 // cells: how far the pointer may be from a place offered
  var ARROWS = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
  // What survives a swap of the builder: the shape, its orientation, where the ghost was, and
  // whether the keys (not the pointer) move it.
  var chosen = { shape: null, turns: 0, flip: false, pointer: null, keys: false };

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

  function distance(a, b) {
    return Math.hypot(a[0] - b[0], a[1] - b[1]);
  }

  // Of two offered places as near, the one whose exit lies further right.
  function better(place, best, far, bestFar) {
    return !best || far < bestFar || (far === bestFar && exitColumn(place) > exitColumn(best));
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
    var where = builder.querySelector("#ghost-where");
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
        offered.push({ value: option.value, shape: parts[0], cells: parseCells(parts[1]),
                       label: option.textContent });
      });
    }
    var current = null;   // {cells, value or null}

    function usable(shape) {
      return buttons.some(function (b) { return b.dataset.shape === shape && !b.disabled; });
    }

    function pressed() {
      buttons.forEach(function (b) {
        b.setAttribute("aria-pressed", String(b.dataset.shape === chosen.shape));
      });
    }

    // The shape's offered places in the ghost's orientation (or, with ``any``, in every
    // orientation), one a set of cells.
    function places(any) {
      var wanted = chosen.shape ? key(oriented(chains[chosen.shape], chosen.turns, chosen.flip)) : "";
      var found = {};
      offered.forEach(function (place) {
        if (place.shape !== chosen.shape || (!any && key(place.cells) !== wanted)) { return; }
        var cells = place.cells.map(function (c) { return c.join(","); }).sort().join(" ");
        if (!found[cells] || exitColumn(place) > exitColumn(found[cells])) { found[cells] = place; }
      });
      return Object.keys(found).map(function (cells) { return found[cells]; });
    }

    function nearest(list, to, limit) {
      var best = null, bestFar = limit;
      list.forEach(function (place) {
        var far = distance(centre(place.cells), to);
        if (far < limit && better(place, best, far, bestFar)) { best = place; bestFar = far; }
      });
      return best;
    }

    // The ghost's orientation turned to the place's (one of the eight a shape can take).
    function orientTo(place) {
      var wanted = key(place.cells);
      for (var i = 0; i < 8; i += 1) {
        var turns = i % 4, flip = i >= 4;
        if (key(oriented(chains[place.shape], turns, flip)) === wanted) {
          chosen.turns = turns;
          chosen.flip = flip;
          return;
        }
      }
    }

    // Keys: the ghost on the offered place nearest where it was (in this orientation if any
    // is offered, else in another, which the ghost then takes).
    function settle() {
      if (!chosen.shape) { return; }
      var from = chosen.pointer || [firstRow, firstCol];
      var place = nearest(places(false), from, Infinity) || nearest(places(true), from, Infinity);
      if (place) {
        orientTo(place);
        chosen.pointer = centre(place.cells);
      }
    }

    function say() {
      if (!where) { return; }
      if (!current || !current.value) {
        where.textContent = chosen.shape && chosen.keys ? where.dataset.none : "";
        return;
      }
      var list = places(false);
      var number = 1;
      list.forEach(function (place, index) { if (place.value === current.value) { number = index + 1; } });
      var label = offered.filter(function (p) { return p.value === current.value; })[0].label;
      where.textContent = where.dataset.words.replace("{place}", label)
        .replace("{number}", number).replace("{count}", list.length);
    }

    function draw() {
      builder.dataset.turns = String(chosen.turns);
      builder.dataset.flip = String(chosen.flip);
      while (ghost.firstChild) { ghost.removeChild(ghost.firstChild); }
      current = null;
      if (chosen.shape && chosen.pointer) {
        var best = nearest(places(false), chosen.pointer, chosen.keys ? 0.01 : SNAP);
        if (best) {
          current = { cells: best.cells, value: best.value };
        } else if (chosen.keys) {   // the keys show offered places only
          current = null;
        } else {
          var shape = oriented(chains[chosen.shape], chosen.turns, chosen.flip);
          var mid = centre(shape);
          var dr = Math.round(chosen.pointer[0] - mid[0]), dc = Math.round(chosen.pointer[1] - mid[1]);
          current = { cells: shape.map(function (c) { return [c[0] + dr, c[1] + dc]; }), value: null };
        }
      }
      if (current) {
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
      say();
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

    function step(direction) {
      var list = places(false);
      if (!list.length) { list = places(true); }
      if (!list.length) { return; }
      var from = current && current.value ? centre(current.cells) : null;
      var best = null, bestScore = Infinity;
      list.forEach(function (candidate) {
        var at = centre(candidate.cells);
        if (!from) {   // no place shown yet: the first in reading order
          var order = at[0] * 1000 + at[1];
          if (order < bestScore) { best = candidate; bestScore = order; }
          return;
        }
        var along = (at[0] - from[0]) * direction[0] + (at[1] - from[1]) * direction[1];
        var across = Math.abs((at[0] - from[0]) * direction[1]) + Math.abs((at[1] - from[1]) * direction[0]);
        if (along <= 0.01) { return; }
        var score = along + 2 * across;
        if (score < bestScore) { best = candidate; bestScore = score; }
      });
      if (best) {
        orientTo(best);
        chosen.pointer = centre(best.cells);
      }
      draw();
    }

    // The palette's shape ``number`` (0: none); ``toggle``: picking the chosen one again puts
    // it down (a click on a pressed button).
    function pick(number, toggle) {
      var b = buttons[number - 1];
      if (b && b.disabled) { return; }
      chosen.shape = b && !(toggle && chosen.shape === b.dataset.shape) ? b.dataset.shape : null;
      if (chosen.keys) { settle(); }
      pressed();
      draw();
    }

    buttons.forEach(function (b, index) {
      b.addEventListener("click", function () { pick(index + 1, true); });
    });
    builder.querySelectorAll("button[data-turn]").forEach(function (b) {
      b.addEventListener("click", function () { turn(b.dataset.turn); });
    });
    svg.addEventListener("pointermove", function (event) {
      chosen.keys = false;
      chosen.pointer = pointerCell(event);
      draw();
    });
    var touched = false, armed = null;
    svg.addEventListener("pointerdown", function (event) {
      touched = event.pointerType === "touch" || event.pointerType === "pen";
      chosen.keys = false;
      chosen.pointer = pointerCell(event);   // exact: the click that follows is rounded
      draw();
    });
    svg.addEventListener("click", function () {
      var shown = current ? JSON.stringify(current.cells) : null;
      if (touched && shown !== armed) {   // a tap shows the ghost; a second one places it
        armed = shown;
        return;
      }
      armed = null;
      place();
    });
    svg.addEventListener("keydown", function (event) {
      if (event.ctrlKey || event.metaKey || event.altKey) { return; }
      if (ARROWS[event.key]) {
        chosen.keys = true;
        if (!chosen.shape) { pick(firstUsable(), false); }
        step(ARROWS[event.key]);
      } else if (event.key === "Enter" || event.key === " ") {
        place();
      } else {
        return;
      }
      event.preventDefault();
      event.stopPropagation();
    });

    function firstUsable() {
      for (var i = 0; i < buttons.length; i += 1) {
        if (!buttons[i].disabled) { return i + 1; }
      }
      return 0;
    }

    builder.turn = function (how) {
      if (how === "rotate") { chosen.turns = (chosen.turns + 1) % 4; }
      if (how === "mirror") { chosen.flip = !chosen.flip; }
      if (chosen.keys) {
        var place = nearest(places(false), chosen.pointer || [firstRow, firstCol], Infinity);
        if (place) { chosen.pointer = centre(place.cells); }
      }
      draw();
    };
    builder.pick = function (number) {
      if (document.activeElement === svg) { chosen.keys = true; }
      pick(number, !chosen.keys);
    };
    // After a swap: a shape the pool no longer holds is put down; with the keys, the ghost
    // goes to the offered place nearest the last one.
    if (chosen.shape && !usable(chosen.shape)) {
      chosen.shape = null;
      if (chosen.keys) { chosen.shape = (buttons[firstUsable() - 1] || {dataset: {}}).dataset.shape || null; }
    }
    if (chosen.keys) { settle(); }
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
