// Keeps every "(in 3 h 12 min)" next to a <time data-countdown> up to date, in the page's
// language: its words come translated on the script tag (data-passed, data-days, ...).
(function () {
  var words = document.currentScript.dataset;
  function fill(text, values) {
    return text.replace(/\{(\w)\}/g, function (_, key) { return values[key]; });
  }
  function remaining(ms) {
    var s = Math.floor(ms / 1000);
    if (s <= 0) return words.passed;
    var d = Math.floor(s / 86400), h = Math.floor((s % 86400) / 3600), m = Math.floor((s % 3600) / 60);
    if (d) return fill(words.days, {d: d, h: h});
    if (h) return fill(words.hours, {h: h, m: m});
    return fill(words.minutes, {m: m});
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
