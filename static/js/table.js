// The seat page's focus and keys, the same for every game (templates/games/table.html).
// - After any htmx swap, focus returns to the control that was used: the swapped-in copy of
//   the element that had focus (found again by its id, its handle, its name and value, or its
//   place under the nearest element with an id), and a disclosure (details with an id) that
//   was open stays open.
// - Enter in a number field commits that number: a form with a live preview ("change")
//   previews it, any other form is sent through its primary button, never through the first
//   submit button of the form (which may be a shortcut such as a snap).
// - On a phone the board is pinned at the top: its height is the page's scroll padding, and a
//   focused control that would sit under it (or below the window) is scrolled into the open.
// Listeners sit on the document, so parts swapped in by htmx need no new binding. No inline
// script or style: CSSOM only.
(function () {
  "use strict";
  var BOARD = "seat-table-board";
  var used = null;

  function quoted(text) { return '"' + String(text).replace(/["\\]/g, "\\$&") + '"'; }

  // A selector that finds the control again after a swap, or null.
  function keyOf(el) {
    if (!el || el === document.body || !el.tagName) return null;
    if (el.id) return "#" + CSS.escape(el.id);
    if (el.dataset && el.dataset.handle) return "[data-handle=" + quoted(el.dataset.handle) + "]";
    var name = el.getAttribute("name");
    if (name) {
      var key = el.tagName.toLowerCase() + "[name=" + quoted(name) + "]";
      var value = el.getAttribute("value");
      var kind = (el.getAttribute("type") || "").toLowerCase();
      if (value !== null && (el.tagName === "BUTTON" || kind === "checkbox" || kind === "radio")) {
        key += "[value=" + quoted(value) + "]";
      }
      return key;
    }
    if (el.dataset && el.dataset.shape) return "[data-shape=" + quoted(el.dataset.shape) + "]";
    return path(el);
  }

  // The element's place under its nearest ancestor with an id, counted among the elements of
  // its own kind ("#place-form > button:nth-of-type(1)"): other parts may come and go.
  function path(el) {
    var steps = [];
    while (el && el.parentElement && !el.id) {
      var tag = el.tagName.toLowerCase();
      var same = Array.prototype.filter.call(el.parentElement.children, function (other) {
        return other.tagName === el.tagName;
      });
      steps.unshift(tag + ":nth-of-type(" + (same.indexOf(el) + 1) + ")");
      el = el.parentElement;
    }
    return el && el.id && steps.length ? "#" + CSS.escape(el.id) + " > " + steps.join(" > ") : null;
  }

  // A disclosure (details with an id) open before a swap stays open after it.
  var opened = [];

  document.addEventListener("htmx:beforeSwap", function () {
    var key = keyOf(document.activeElement);
    if (key) used = key;
    opened = Array.prototype.map.call(document.querySelectorAll("details[id][open]"), function (d) {
      return d.id;
    });
  });
  document.addEventListener("htmx:afterSettle", function () {
    opened.forEach(function (id) {
      var again = document.getElementById(id);
      if (again) again.open = true;
    });
    opened = [];
    var key = used;
    used = null;
    var active = document.activeElement;
    if (!key || (active && active !== document.body && active.isConnected)) return;
    var again = document.querySelector(key);
    if (again && typeof again.focus === "function") {
      again.focus({preventScroll: true});
      keepInView(again);
    }
  });

  function live(field) {
    var asker = field.closest("[hx-trigger]");
    return Boolean(asker && /(^|[\s,])change\b/.test(asker.getAttribute("hx-trigger")));
  }

  document.addEventListener("keydown", function (event) {
    var field = event.target;
    if (event.key !== "Enter" || !field.matches || !field.matches('input[type="number"]')) return;
    var form = field.form;
    if (!form) return;
    event.preventDefault();
    if (live(field)) {
      field.dispatchEvent(new Event("change", {bubbles: true}));
      return;
    }
    var primary = form.querySelector('button.primary:not([type="button"])');
    if (form.requestSubmit) form.requestSubmit(primary || undefined);
    else form.submit();
  });

  // The board pinned on top (a phone): sticky, and as wide as the page's column.
  function pinned() {
    var board = document.getElementById(BOARD);
    if (!board || getComputedStyle(board).position !== "sticky") return null;
    var panel = document.getElementById("seat-table-panel");
    var box = board.getBoundingClientRect();
    if (panel && panel.getBoundingClientRect().left >= box.right - 1) return null;  // side by side
    return board;
  }

  function padding() {
    var board = pinned();
    var height = board ? Math.ceil(board.getBoundingClientRect().height) : 0;
    document.documentElement.style.setProperty("--seat-table-pinned", height + "px");
  }

  var MARGIN = 8;
  function keepInView(el) {
    var board = pinned();
    if (!board || board.contains(el) || !el.getBoundingClientRect) return;
    var box = el.getBoundingClientRect(), cover = board.getBoundingClientRect();
    var top = Math.max(cover.bottom, 0) + MARGIN;
    if (box.top < top) {
      window.scrollBy(0, box.top - top);
    } else if (box.bottom > window.innerHeight - MARGIN) {
      window.scrollBy(0, Math.min(box.bottom - window.innerHeight + MARGIN, box.top - top));
    }
  }

  document.addEventListener("focusin", function (event) {
    keepInView(event.target);
    requestAnimationFrame(function () {
      if (document.activeElement === event.target) keepInView(event.target);
    });
  });

  if (window.ResizeObserver) {
    var watched = null;
    var observer = new ResizeObserver(padding);
    var watch = function () {
      var board = document.getElementById(BOARD);
      if (board && board !== watched) {
        if (watched) observer.unobserve(watched);
        observer.observe(board);
        watched = board;
      }
      padding();
    };
    document.addEventListener("DOMContentLoaded", watch);
    document.addEventListener("htmx:afterSettle", watch);
    window.addEventListener("resize", padding);
    watch();
  }
})();
