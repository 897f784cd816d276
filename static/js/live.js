// A page that waits on others (games/live.py): every few seconds, while the tab is visible,
// asks the game's live check whether the game changed since the page was drawn (304: no), and
// reloads the page when it did. The forms the game names (data-keep, CSS selectors) keep their
// half-built fields across any reload of the page within the same round: they are saved in
// sessionStorage as the page goes and put back when it comes again (then the form asks the
// server for its preview again, as a change of a field does).
(function () {
  var data = document.currentScript.dataset;
  var version = data.version;
  var seconds = Math.max(1, parseInt(data.seconds, 10) || 2);
  var key = "live-keep:" + location.pathname;
  var busy = false;  // a check or a refresh under way

  function keptForms() {
    if (!data.keep) return [];
    return Array.prototype.slice.call(document.querySelectorAll(data.keep));
  }

  function fields(form) {
    return Array.prototype.filter.call(form.elements, function (el) {
      return el.name && el.name !== "csrfmiddlewaretoken" &&
        ["submit", "button", "file", "reset"].indexOf(el.type) < 0;
    });
  }

  function checkable(el) {
    return el.type === "checkbox" || el.type === "radio";
  }

  function save() {
    var forms = keptForms().map(function (form) {
      return fields(form).map(function (el) {
        return {name: el.name, value: el.value, checked: checkable(el) ? el.checked : null};
      });
    });
    if (!forms.length) return;
    try {
      sessionStorage.setItem(key, JSON.stringify({round: data.round, forms: forms}));
    } catch (e) { /* storage full or refused: the page reloads without it */ }
  }

  // The saved value of a field: a checkbox or radio by its name and value, any other field by
  // its name and how many of that name came before it.
  function restoreForm(form, saved) {
    var seen = {}, changed = [];
    fields(form).forEach(function (el) {
      var nth = seen[el.name] = (seen[el.name] || 0) + 1;
      var found = saved.filter(function (s) {
        return s.name === el.name && (!checkable(el) || s.value === el.value);
      })[checkable(el) ? 0 : nth - 1];
      if (!found) return;
      if (checkable(el) && el.checked !== found.checked) {
        el.checked = found.checked;
        changed.push(el);
      } else if (!checkable(el) && el.value !== found.value) {
        el.value = found.value;
        changed.push(el);
      }
    });
    if (!changed.length) return;
    var last = changed[changed.length - 1];
    last.dispatchEvent(new Event("change", {bubbles: true}));
    var asks = form.getAttribute("hx-get") || form.getAttribute("hx-post");
    if (asks && !form.getAttribute("hx-trigger") && window.htmx) {
      window.htmx.trigger(form, "submit");
    }
  }

  function restore() {
    var text = null;
    try {
      text = sessionStorage.getItem(key);
      sessionStorage.removeItem(key);
    } catch (e) { return; }
    if (!text) return;
    var saved = JSON.parse(text);
    if (saved.round !== data.round) return;  // another round: those orders are void
    keptForms().forEach(function (form, i) {
      if (saved.forms[i]) restoreForm(form, saved.forms[i]);
    });
  }

  // The news shown: the page's <main> and the header's "your move" slot drawn again and
  // swapped in by htmx (the half-built orders put back), or the whole page reloaded where
  // htmx is missing or the page moved.
  function refresh(news) {
    var main = document.querySelector("main");
    if (!window.htmx || !main) {
      location.reload();
      return;
    }
    save();
    document.addEventListener("htmx:beforeSwap", function moved(event) {
      document.removeEventListener("htmx:beforeSwap", moved);
      var url = new URL(event.detail.xhr.responseURL || location.href);
      if (url.pathname !== location.pathname) {  // the page sent him on (a draft is over)
        event.detail.shouldSwap = false;
        location.assign(url.href);
      }
    });
    document.addEventListener("htmx:afterSettle", function settled() {
      document.removeEventListener("htmx:afterSettle", settled);
      data.round = news.round === null ? "" : String(news.round);
      version = news.version;
      busy = false;
      restore();
    });
    window.htmx.ajax("GET", location.pathname + location.search, {
      // The header's "your move" count lies outside <main>: its slot is replaced as well.
      source: main, target: main, select: "main", selectOOB: "#your-move", swap: "outerHTML"
    }).catch(function () { location.reload(); });
    setTimeout(function () { if (busy) location.reload(); }, 10000);  // no answer: the page
  }

  function check() {
    if (busy || document.hidden) return;
    if (document.querySelector(".htmx-request")) return;  // the player is busy: next time
    busy = true;
    fetch(data.url, {
      headers: {"If-None-Match": '"' + version + '"'},
      cache: "no-store",
      credentials: "same-origin"
    }).then(function (response) {
      if (response.status !== 200) return null;
      return response.json();
    }).then(function (news) {
      if (news && news.version !== version) refresh(news);
      else busy = false;
    }).catch(function () { busy = false; });  // offline for now: ask again next time
  }

  window.addEventListener("pagehide", save);
  document.addEventListener("visibilitychange", check);
  // After htmx has set the page up (its own listener came first, from the page's head).
  if (document.readyState === "complete") restore();
  else document.addEventListener("DOMContentLoaded", restore);
  setInterval(check, seconds * 1000);
})();
