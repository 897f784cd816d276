/* The replay's "Play" button: walks the replay's steps (the plain links, swapped in by htmx)
 * one after another, a step a second, until the end. */
(function () {
  "use strict";
  document.documentElement.classList.add("js");
  var playing = false;

  function advance(restart) {
    var replay = document.getElementById("replay");
    if (!replay || !playing) { return; }
    var step = parseInt(replay.dataset.step, 10);
    var last = parseInt(replay.dataset.lastStep, 10);
    var next = restart && step >= last ? 0 : step + 1;
    if (next > last) { playing = false; return; }
    var links = replay.querySelectorAll("nav.steps a");
    if (links[next]) { links[next].click(); } else { playing = false; }
  }

  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest(".replay-play");
    if (!button) { return; }
    playing = !playing;
    if (playing) { advance(true); }
  });

  document.addEventListener("htmx:afterSettle", function () {
    if (playing) { window.setTimeout(advance, 900); }
  });
}());
