// A set-up form's values that the rule set decides follow the rule set chosen, at once: the
// start form's target (issue 40), the tournament form's target, standings and scale (issue 42).
//
// Each option of the form's rule-set list carries its rule set's values as data-* attributes;
// each field that follows names its attribute (data-follows="data-target") and how two of its
// values compare (data-compare: "digits", as typed with any grouping, or "plain"). The hidden
// shown_ruleset field names the rule set the form's values were filled from. On a change, a
// value still at that rule set's, or empty, takes the new one's; a value the player typed stays.
// The server does the same when the form comes back (games/views.py _follow_target,
// tournaments/views.py _follow_ruleset), so both agree. The form then hears
// "ruleset-followed" with the chosen option (new_game.js shows how its game ends).
(function () {
  "use strict";

  var COMPARE = {
    digits: function (text) {
      return String(text || "").replace(/[\s.,'\u00a0\u202f]/g, "");
    },
    plain: function (text) {
      return String(text || "").replace(/\s+/g, "").toLowerCase();
    }
  };

  function option(select, id) {
    for (var i = 0; i < select.options.length; i++) {
      if (select.options[i].value === id) {
        return select.options[i];
      }
    }
    return null;
  }

  // In the capture phase: before htmx's own listener sends the start form to be re-drawn, so
  // what it sends is already the new rule set's.
  document.addEventListener("change", function (event) {
    var select = event.target;
    if (!select.matches || !select.matches("select[name='ruleset']") || !select.form) {
      return;
    }
    var form = select.form;
    var shown = form.querySelector("input[name='shown_ruleset']");
    var chosen = select.options[select.selectedIndex];
    if (!shown || !chosen || !chosen.hasAttribute("data-target")) {
      return;
    }
    var before = option(select, shown.value);
    var fields = form.querySelectorAll("[data-follows]");
    for (var i = 0; i < fields.length; i++) {
      var field = fields[i];
      var attribute = field.getAttribute("data-follows");
      var same = COMPARE[field.getAttribute("data-compare")] || COMPARE.plain;
      if (!same(field.value) ||
          (before && same(field.value) === same(before.getAttribute(attribute)))) {
        field.value = chosen.getAttribute(attribute);
      }
    }
    shown.value = chosen.value;
    form.dispatchEvent(new CustomEvent("ruleset-followed", {detail: chosen, bubbles: true}));
  }, true);
})();
