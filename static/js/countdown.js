// Keeps every "(in 3 h 12 min)" next to a <time data-countdown> up to date.
(function () {
  function remaining(ms) {
    var s = Math.floor(ms / 1000);
    if (s <= 0) return "passed";
    var d = Math.floor(s / 86400), h = Math.floor((s % 86400) / 3600), m = Math.floor((s % 3600) / 60);
    if (d) return "in " + d + " d " + h + " h";
    if (h) return "in " + h + " h " + m + " min";
    return "in " + m + " min";
  }
  function tick() {
    document.querySelectorAll("time[data-countdown]").forEach(function (el) {
      var out = el.nextElementSibling;
      if (out && out.classList.contains("countdown")) {
        out.textContent = "(" + remaining(new Date(el.getAttribute("datetime")) - new Date()) + ")";
      }
    });
  }
  tick();
  setInterval(tick, 30000);
})();
