// Tournament clocks: each `.clock[data-deadline]` counts down to its deadline (UTC, ISO).
// The server renders the time left as text, so the page reads right without JavaScript;
// this only keeps it ticking. Elements swapped in by htmx are picked up on the next tick.
// A running clock with `data-warn` (seconds) turns to its warning from then on; a table
// phone's block (`.table-clock`) shows its warning, and at 0:00 002's time-up hand.
(function () {
  "use strict";

  function format(seconds) {
    var h = Math.floor(seconds / 3600);
    var m = Math.floor((seconds % 3600) / 60);
    var s = seconds % 60;
    var mm = h ? String(m).padStart(2, "0") : String(m);
    return (h ? h + ":" : "") + mm + ":" + String(s).padStart(2, "0");
  }

  function tick() {
    var clocks = document.querySelectorAll(".clock[data-deadline]");
    var now = Date.now();
    for (var i = 0; i < clocks.length; i++) {
      var end = Date.parse(clocks[i].getAttribute("data-deadline"));
      if (isNaN(end)) continue;
      var left = Math.max(0, Math.round((end - now) / 1000));
      var text = format(left);
      if (clocks[i].textContent !== text) clocks[i].textContent = text;
      clocks[i].classList.toggle("clock-up", left === 0);
      var warn = parseInt(clocks[i].getAttribute("data-warn"), 10);
      var warning = !isNaN(warn) && left > 0 && left <= warn;
      clocks[i].classList.toggle("clock-warn", warning);
      var block = clocks[i].closest(".table-clock");
      if (block) {
        block.classList.toggle("is-warn", warning);
        block.classList.toggle("state-over", left === 0);
      }
    }
  }

  tick();
  window.setInterval(tick, 1000);
})();

// The wall screen (#wall[data-turn]): when its tables or standings do not fit their box on the
// screen, they are shown a page at a time, the next page every data-turn seconds, with "1/3"
// beside the section's heading. Without this script the wall shows everything, one under the
// other, and scrolls. The wall is swapped whole when the tournament changes (htmx, outerHTML):
// the pages are worked out again on the new one and each section stays on the page it was
// showing, so a busy night's refreshes do not keep the screen on page 1.
(function () {
  "use strict";

  var turns = 0;
  var timer = null;
  var seconds = 0;

  // Split a section's items into pages that fit its box: a page ends at the first item whose
  // bottom would pass the box's bottom once the earlier pages are hidden.
  function pages(box, items) {
    var out = [];
    var page = [];
    var boxTop = box.getBoundingClientRect().top;
    var height = box.clientHeight;
    var shift = 0;
    var first = items.length ? items[0].getBoundingClientRect().top : 0;
    for (var i = 0; i < items.length; i++) {
      var r = items[i].getBoundingClientRect();
      if (page.length && r.bottom - shift - boxTop > height + 1) {
        out.push(page);
        page = [];
        shift = r.top - first;
      }
      page.push(items[i]);
    }
    if (page.length) out.push(page);
    return out;
  }

  function layout() {
    var wall = document.getElementById("wall");
    if (!wall || !wall.hasAttribute("data-turn")) return;
    document.documentElement.classList.add("wall-screen");
    var sections = wall.querySelectorAll(".wall-paged");
    for (var s = 0; s < sections.length; s++) {
      var box = sections[s].querySelector(".wall-box");
      var items = sections[s].querySelectorAll("[data-page-item]");
      var mark = sections[s].querySelector(".wall-page");
      if (!box) continue;
      for (var i = 0; i < items.length; i++) items[i].classList.remove("wall-off");
      var split = pages(box, items);
      var n = split.length;
      var current = n ? turns % n : 0;
      for (var p = 0; p < n; p++) {
        for (var j = 0; j < split[p].length; j++) {
          split[p][j].classList.toggle("wall-off", p !== current);
        }
      }
      if (mark) {
        mark.hidden = n < 2;
        mark.textContent = n < 2 ? "" : current + 1 + "/" + n;
      }
      sections[s].setAttribute("data-pages", String(n));
    }
    var wanted = Math.max(1, parseInt(wall.getAttribute("data-turn"), 10) || 8);
    if (wanted !== seconds) {
      seconds = wanted;
      if (timer) window.clearInterval(timer);
      timer = window.setInterval(function () {
        turns++;
        layout();
      }, seconds * 1000);
    }
  }

  function start() {
    layout();
    // A swapped-in wall is laid out before it is painted (afterSwap), and again once settled.
    document.addEventListener("htmx:afterSwap", layout);
    document.addEventListener("htmx:load", layout);
    window.addEventListener("resize", layout);
    if (document.fonts && document.fonts.ready) document.fonts.ready.then(layout);
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
