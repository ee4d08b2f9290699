// The tournament set-up form: what the rule set decides follows the rule set chosen, at once
// (issue 42), as the start form's target does (new_game.js).
//
// Each option of the rule-set list carries what a tournament of it is set up with:
// data-target, data-standings (difference or victory_points) and data-scale (the
// victory-point scale as the form shows it). The hidden shown_ruleset field names the rule set
// the form's values were filled from. On a change, a value still at that rule set's, or empty,
// takes the new one's; a value the organizer typed stays. The server does the same when the
// form is posted with JavaScript off (tournaments/views.py, _follow_ruleset), so both agree.
(function () {
  "use strict";

  function digits(text) {
    return String(text || "").replace(/[\s.,'\u00a0\u202f]/g, "");
  }

  function plain(text) {
    return String(text || "").replace(/\s+/g, "").toLowerCase();
  }

  function option(select, id) {
    for (var i = 0; i < select.options.length; i++) {
      if (select.options[i].value === id) {
        return select.options[i];
      }
    }
    return null;
  }

  // Each followed field: its name, its option attribute, and how two of its values compare.
  var FOLLOWED = [
    ["target", "data-target", digits],
    ["standings_by", "data-standings", plain],
    ["victory_scale", "data-scale", plain]
  ];

  document.addEventListener("change", function (event) {
    var select = event.target;
    if (!select.matches || !select.matches(".tournament-form select[name='ruleset']")) {
      return;
    }
    var form = select.form;
    var shown = form.querySelector("input[name='shown_ruleset']");
    var chosen = select.options[select.selectedIndex];
    if (!shown || !chosen || !chosen.hasAttribute("data-target")) {
      return;
    }
    var before = option(select, shown.value);
    FOLLOWED.forEach(function (followed) {
      var field = form.elements[followed[0]];
      var same = followed[2];
      if (!field) {
        return;
      }
      if (!same(field.value) ||
          (before && same(field.value) === same(before.getAttribute(followed[1])))) {
        field.value = chosen.getAttribute(followed[1]);
      }
    });
    shown.value = chosen.value;
  });
})();
