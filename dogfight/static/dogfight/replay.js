// The replay's play button: it follows the same step links a browser without JavaScript
// follows by hand, one every 1.2 seconds (a static file: no inline script).
(function () {
  "use strict";
  var timer = null;

  function links() { return Array.prototype.slice.call(document.querySelectorAll("#replay .steps a")); }
  function current() {
    var all = links();
    for (var i = 0; i < all.length; i++) { if (all[i].hasAttribute("aria-current")) { return i; } }
    return -1;
  }
  function label() {
    var button = document.querySelector("#replay button.play");
    if (!button) { return; }
    button.hidden = false;
    button.textContent = timer ? button.dataset.pause : button.dataset.play;
  }
  function stop() { clearInterval(timer); timer = null; label(); }
  function next() {
    var all = links(), at = current();
    if (at < 0 || at >= all.length - 1) { stop(); return; }
    all[at + 1].click();
  }

  document.addEventListener("click", function (event) {
    if (!event.target.closest || !event.target.closest("#replay button.play")) { return; }
    if (timer) { stop(); return; }
    if (current() >= links().length - 1) { links()[0].click(); }
    timer = setInterval(next, 1200);
    label();
  });
  document.addEventListener("htmx:afterSettle", label);
  label();
})();
