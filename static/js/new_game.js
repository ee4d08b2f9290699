// The start form: how the chosen rule set's game ends shows at once (issue 40). Its target
// follows the rule set (follow_ruleset.js); each option also carries data-ends (how its game
// ends, in words) and, for a game of rounds, data-rounds: a game of rounds has no target box.
(function () {
  "use strict";

  document.addEventListener("ruleset-followed", function (event) {
    var form = event.target;
    var chosen = event.detail;
    if (!form.matches || !form.matches("#new-game")) {
      return;
    }
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
  });
})();
