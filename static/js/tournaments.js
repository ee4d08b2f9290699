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
