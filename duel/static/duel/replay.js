// The replay's Play button: follows the replay's "next step" link (an htmx swap of #replay)
// step after step until the end or a pause. Without JavaScript the button stays hidden and the
// step links are plain links.
(function () {
  "use strict";
  var DELAY_MS = 700;
  var playing = false;

  function button() { return document.querySelector("#replay .replay-play"); }
  function link(selector) { return document.querySelector("#replay " + selector); }

  function show() {
    var play = button();
    if (!play) { return; }
    play.hidden = false;
    play.textContent = playing ? play.dataset.pause : play.dataset.play;
    play.setAttribute("aria-pressed", playing ? "true" : "false");
  }

  function advance() {
    if (!playing) { return; }
    var next = link('a[rel="next"]');
    if (!next) {
      playing = false;
      show();
      return;
    }
    next.click();
  }

  document.addEventListener("click", function (event) {
    var play = event.target.closest && event.target.closest("#replay .replay-play");
    if (!play) { return; }
    playing = !playing;
    show();
    if (playing && !link('a[rel="next"]')) {
      link("nav.steps a").click();  // at the end: from the start
    } else {
      advance();
    }
  });

  document.addEventListener("htmx:afterSettle", function () {
    show();
    if (playing) { window.setTimeout(advance, DELAY_MS); }
  });

  show();
})();
