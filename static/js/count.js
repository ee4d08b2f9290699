// The count form and the start form: steppers, and marking fields after a live check.
// Everything here is an extra: with JavaScript off the forms post and re-render as usual.
(function () {
  "use strict";

  document.documentElement.classList.add("js");

  function showSteppers(root) {
    root.querySelectorAll("button.step[hidden]").forEach(function (button) {
      button.hidden = false;
    });
  }

  // A stepper changes its input and says so, so htmx's "input" trigger counts it again.
  document.addEventListener("click", function (event) {
    var button = event.target.closest ? event.target.closest("button.step") : null;
    if (!button) {
      return;
    }
    var input = document.getElementById(button.getAttribute("aria-controls"));
    if (!input) {
      return;
    }
    var current = parseInt(input.value, 10);
    if (isNaN(current)) {
      current = 0;
    }
    var max = parseInt(input.getAttribute("data-max"), 10);
    var next = current + parseInt(button.getAttribute("data-step"), 10);
    if (next < 0) {
      next = 0;
    }
    if (!isNaN(max) && next > max) {
      next = max;
    }
    input.value = next === 0 ? "" : String(next);
    input.dispatchEvent(new Event("input", { bubbles: true }));
  });

  // Only one side goes out: marking one clears the others (and means the hand ended by going
  // out), and a hand that ended otherwise has nobody out. Without JavaScript the server says
  // "Only one side can go out." instead.
  function checkRadio(form, name, value) {
    form.querySelectorAll("input[type=radio]").forEach(function (radio) {
      if (radio.name === name && radio.value === value) {
        radio.checked = true;
      }
    });
  }

  document.addEventListener("change", function (event) {
    var input = event.target;
    var form = input.form;
    if (!form || form.id !== "count-form" || input.type !== "radio" || !input.checked) {
      return;
    }
    var going = /^sides\[\d+\]\.going_out$/;
    if (going.test(input.name) && input.value !== "") {
      form.querySelectorAll("input[type=radio]:checked").forEach(function (other) {
        if (going.test(other.name) && other.name !== input.name && other.value !== "") {
          checkRadio(form, other.name, "");
        }
      });
      checkRadio(form, "end", "went_out");
    } else if (input.name === "end" && input.value !== "went_out") {
      form.querySelectorAll("input[type=radio]:checked").forEach(function (other) {
        if (going.test(other.name) && other.value !== "") {
          checkRadio(form, other.name, "");
        }
      });
    }
  });

  // Errors arrive out of band from the live check: mark their inputs invalid (or not).
  function markInvalid(root) {
    root.querySelectorAll("[aria-describedby]").forEach(function (input) {
      if (!/^(INPUT|SELECT|TEXTAREA)$/.test(input.tagName) || input.type === "radio") {
        return;
      }
      var invalid = input.getAttribute("aria-describedby").split(/\s+/).some(function (id) {
        var slot = document.getElementById(id);
        return slot && slot.classList.contains("field-error") && slot.textContent.trim() !== "";
      });
      if (invalid) {
        input.setAttribute("aria-invalid", "true");
      } else {
        input.removeAttribute("aria-invalid");
      }
    });
  }

  document.addEventListener("DOMContentLoaded", function () {
    showSteppers(document);
  });
  document.addEventListener("htmx:afterSettle", function () {
    showSteppers(document);
    var form = document.getElementById("count-form");
    if (form) {
      markInvalid(form);
    }
  });
})();
