// The start form: what the rule set decides follows the rule set chosen, at once (issue 40).
//
// Each option of the rule-set list carries its rule set's values: data-target (the target box),
// data-ends (how its game ends, in words) and, for a game of rounds, data-rounds. The hidden
// shown_ruleset field names the rule set the form's values were filled from. On a change, a
// target still at that rule set's value takes the new one's; a value the player typed stays.
// The server does the same when the form comes back (htmx re-draws it, or it is posted with
// JavaScript off: games/views.py, _follow_target), so both agree.
(function () {
  "use strict";

  function digits(text) {
    return String(text || "").replace(/[\s.,'\u00a0\u202f]/g, "");
  }

  function option(select, id) {
    for (var i = 0; i < select.options.length; i++) {
      if (select.options[i].value === id) {
        return select.options[i];
      }
    }
    return null;
  }

  // In the capture phase: before htmx's own listener sends the form to be re-drawn, so what it
  // sends is already the new rule set's.
  document.addEventListener("change", function (event) {
    var select = event.target;
    if (!select.matches || !select.matches("#new-game select[name='ruleset']")) {
      return;
    }
    var form = select.form;
    var shown = form.querySelector("input[name='shown_ruleset']");
    var chosen = select.options[select.selectedIndex];
    if (!shown || !chosen || !chosen.hasAttribute("data-target")) {
      return;
    }
    var before = option(select, shown.value);
    var target = form.querySelector("input[name='target']");
    if (target && (!digits(target.value) ||
        (before && digits(target.value) === before.getAttribute("data-target")))) {
      target.value = chosen.getAttribute("data-target");
    }
    shown.value = chosen.value;
    var ends = chosen.getAttribute("data-ends");
    var inRounds = chosen.hasAttribute("data-rounds");
    var roundsText = form.querySelector("[data-ends='rounds']");
    var targetBox = form.querySelector("[data-ends='target']");
    if (roundsText) {
      roundsText.textContent = ends;
      roundsText.hidden = !inRounds;
    }
    if (targetBox) {
      targetBox.hidden = inRounds;
      var hint = targetBox.querySelector(".hint");
      if (hint) {
        hint.textContent = ends;
      }
    }
  }, true);
})();
