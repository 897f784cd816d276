// The one replay player (templates/games/_replay.html), for every game. The page holds every
// step's caption and mark (#replay-steps) and the board of one step; the board of any other
// step is fetched from the player's data-board-url (its "/0/" replaced by the step) and kept.
// Keys on the player: ← and → a step, Home and End the first and last, Space play or pause.
// A static file (no inline script or style): the site's Content-Security-Policy allows it.
(function () {
  "use strict";
  var BASE_DELAY_MS = 1000; // one step a second at 1×
  var AHEAD = 4; // boards fetched ahead of the one shown while playing

  function start(player) {
    var steps = JSON.parse(document.getElementById("replay-steps").textContent);
    var last = steps.length - 1;
    var form = player.querySelector(".replay-controls");
    var range = form.querySelector('input[type="range"]');
    var board = player.querySelector(".replay-board");
    var markOut = player.querySelector(".replay-mark");
    var textOut = player.querySelector(".replay-text");
    var countOut = player.querySelector(".replay-count");
    var playButton = player.querySelector(".replay-play");
    var speed = player.querySelector(".replay-speed select");
    var jump = player.querySelector(".replay-jump select");
    var url = player.dataset.boardUrl;
    var boards = {};
    var step = parseInt(range.value, 10);
    var timer = null;
    var shownCount = countOut.textContent;

    boards[step] = Promise.resolve(board.innerHTML);
    player.querySelector(".replay-show").hidden = true;
    playButton.hidden = false;
    player.querySelector(".replay-speed").hidden = false;
    if (jump) { jump.parentNode.hidden = false; }

    function boardOf(at) {
      if (!boards[at]) {
        boards[at] = fetch(url.replace(/\/0\/$/, "/" + at + "/"), { credentials: "same-origin" })
          .then(function (response) {
            if (!response.ok) { throw new Error(response.status); }
            return response.text();
          })
          .catch(function (error) { delete boards[at]; throw error; });
      }
      return boards[at];
    }

    function markOf(at) {
      for (var i = at; i >= 0; i--) { if (steps[i].mark) { return steps[i].mark; } }
      return "";
    }

    function go(at) {
      at = Math.min(Math.max(at, 0), last);
      step = at;
      range.value = String(at);
      markOut.textContent = markOf(at);
      textOut.textContent = steps[at].caption;
      countOut.textContent = shownCount.replace(/\d+(\D+)\d+/, (at + 1) + "$1" + (last + 1));
      form.querySelector('[data-go="previous"]').value = String(Math.max(at - 1, 0));
      form.querySelector('[data-go="next"]').value = String(Math.min(at + 1, last));
      if (jump) {
        for (var i = jump.options.length - 1; i >= 0; i--) {
          if (parseInt(jump.options[i].value, 10) <= at) { jump.selectedIndex = i; break; }
        }
      }
      if (window.history.replaceState) {
        var address = new URL(window.location.href);
        address.searchParams.set("step", String(at));
        window.history.replaceState(null, "", address.toString());
      }
      board.setAttribute("aria-busy", "true");
      boardOf(at).then(function (html) {
        if (step === at) { board.innerHTML = html; board.removeAttribute("aria-busy"); }
      }, function () { board.removeAttribute("aria-busy"); pause(); });
      if (timer) {
        for (var ahead = at + 1; ahead <= Math.min(at + AHEAD, last); ahead++) {
          boardOf(ahead).catch(function () {});
        }
      }
    }

    function label() {
      var playing = timer !== null;
      playButton.textContent = playing ? playButton.dataset.pause : playButton.dataset.play;
      playButton.setAttribute("aria-pressed", playing ? "true" : "false");
    }

    function tick() {
      if (step >= last) { pause(); return; }
      go(step + 1);
      timer = window.setTimeout(tick, BASE_DELAY_MS / parseFloat(speed.value));
    }

    function play() {
      if (timer) { return; }
      timer = window.setTimeout(tick, BASE_DELAY_MS / parseFloat(speed.value));
      if (step >= last) { go(0); }
      label();
    }

    function pause() {
      window.clearTimeout(timer);
      timer = null;
      label();
    }

    function toggle() { if (timer) { pause(); } else { play(); } }

    form.addEventListener("submit", function (event) { event.preventDefault(); });
    form.addEventListener("click", function (event) {
      var button = event.target.closest("button[data-go]");
      if (!button) { return; }
      event.preventDefault();
      var where = button.dataset.go;
      if (where === "play") { toggle(); return; }
      pause();
      go({ first: 0, previous: step - 1, next: step + 1, last: last }[where]);
    });
    range.addEventListener("input", function () { pause(); go(parseInt(range.value, 10)); });
    if (jump) {
      jump.addEventListener("change", function () { pause(); go(parseInt(jump.value, 10)); });
    }
    player.addEventListener("keydown", function (event) {
      if (event.altKey || event.ctrlKey || event.metaKey || event.target.tagName === "SELECT") {
        return;
      }
      var moves = { ArrowLeft: step - 1, ArrowRight: step + 1, Home: 0, End: last };
      if (event.key in moves) {
        event.preventDefault();
        pause();
        go(moves[event.key]);
      } else if (event.key === " ") {
        event.preventDefault();
        toggle();
      }
    });
    label();
  }

  var player = document.getElementById("replay");
  if (player) { start(player); }
})();
