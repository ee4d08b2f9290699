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

// "Who deals first" names its seats as the names above are typed: a seat by its player's name,
// else by its side's ("Smiths, player 1"); each option carries its side, its place and the
// words around the side's name (games/new_game_form.py seat_choices). A side's players are
// counted as the game keeps them: in the order typed, an empty box skipped.
(function () {
  "use strict";

  function typed(form, name) {
    var field = form.querySelector("[name='" + name + "']");
    return field ? field.value.trim() : "";
  }

  function players(form, side) {
    var kept = [];
    var fields = form.querySelectorAll("[name^='side_" + side + "_player_']");
    for (var i = 0; i < fields.length; i++) {
      if (fields[i].value.trim()) kept.push(fields[i].value.trim());
    }
    return kept;
  }

  document.addEventListener("input", function (event) {
    var field = event.target;
    var form = field.form;
    if (!form || !form.matches("#new-game") || !/^side_\d+_(name|player_\d+)$/.test(field.name)) {
      return;
    }
    var options = form.querySelectorAll("select[name='first_dealer'] option[data-side]");
    for (var i = 0; i < options.length; i++) {
      var option = options[i];
      var side = option.getAttribute("data-side");
      var place = option.getAttribute("data-player");
      var player = place === null ? "" : players(form, side)[Number(place)] || "";
      option.textContent = player || (option.getAttribute("data-before") +
        (typed(form, "side_" + side + "_name") || option.getAttribute("data-side-default")) +
        option.getAttribute("data-after"));
    }
  });
})();
