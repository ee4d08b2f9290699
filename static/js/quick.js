// Quick answers: the ± key for the running total (phone number pads often have no minus).
(function () {
  "use strict";

  document.addEventListener("click", function (event) {
    var button = event.target.closest("[data-om-sign]");
    if (!button) {
      return;
    }
    var input = document.getElementById(button.getAttribute("aria-controls"));
    if (!input) {
      return;
    }
    var value = input.value.trim().replace(/^\u2212/, "-");
    input.value = value.charAt(0) === "-" ? value.slice(1) : "-" + value;
    // The form listens for "input" (htmx), so the answer follows the new sign.
    input.dispatchEvent(new Event("input", { bubbles: true }));
    input.focus();
  });

  // The round is asked only for rules whose minimum goes by the round (the field lists them).
  document.addEventListener("change", function (event) {
    if (!event.target.matches || !event.target.matches("select[name='ruleset']")) {
      return;
    }
    var field = document.querySelector("[data-om-round-field]");
    if (!field) {
      return;
    }
    var byRound = field.getAttribute("data-om-round-rulesets").split(" ")
      .indexOf(event.target.value) !== -1;
    field.hidden = !byRound;
    field.querySelector("input").disabled = !byRound;
  });

  function showSignButtons() {
    document.querySelectorAll("[data-om-sign]").forEach(function (button) {
      button.hidden = false;
    });
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", showSignButtons);
  } else {
    showSignButtons();
  }
})();
