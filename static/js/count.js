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

  // A "More" or a card helper holding a message opens, so the message is seen.
  function openWhereMessages(form) {
    form.querySelectorAll("details:not([open])").forEach(function (details) {
      var slots = details.querySelectorAll(".field-error");
      for (var k = 0; k < slots.length; k += 1) {
        if (slots[k].textContent.trim() !== "") {
          details.open = true;
          return;
        }
      }
    });
  }

  // While a field is being typed into, its own messages wait until it is left: "3" on the
  // way to "35" is not yet wrong. The live count is told which field that is.
  document.addEventListener("htmx:configRequest", function (event) {
    var trigger = event.detail.triggeringEvent;
    var target = trigger && trigger.target;
    if (!target || !target.form || target.form.id !== "count-form") {
      return;
    }
    if (trigger.type === "input" && target === document.activeElement && target.type === "text") {
      event.detail.parameters.typing = target.name;
    }
  });

  // The card helper: its boxes add up as they are typed or stepped, and the points field it
  // fills shows that total (never 0 while counting), with the total written beside it.
  var numberFormat = new Intl.NumberFormat(document.documentElement.lang || "en");

  function helperTotal(helper) {
    var total = 0;
    var used = false;
    helper.querySelectorAll("input[data-points]").forEach(function (input) {
      var text = input.value.trim();
      if (/^\d{1,4}$/.test(text) && parseInt(text, 10) > 0) {
        total += parseInt(text, 10) * parseInt(input.getAttribute("data-points"), 10);
        used = true;
      }
    });
    return used ? total : null;
  }

  function showHelperTotal(helper) {
    var field = document.getElementById(helper.getAttribute("data-points-field"));
    if (!field) {
      return;
    }
    var output = document.getElementById(field.id + "-counted");
    var total = helperTotal(helper);
    if (output) {
      output.textContent = total === null ? ""
        : output.getAttribute("data-text").replace("{points}", numberFormat.format(total));
    }
    if (total !== null) {
      field.value = String(total);
      field.setAttribute("data-counted", String(total));
    } else if (field.hasAttribute("data-counted")) {
      // Emptied helper: the figure it wrote goes too (a typed one stays).
      if (field.value === field.getAttribute("data-counted")) {
        field.value = "";
      }
      field.removeAttribute("data-counted");
    }
  }

  // "Black 3s left in hand" left empty counts the black 3s of the hand's card helper: its box
  // shows that count, where its "0" read as none charged beside a charge for one (QA,
  // 2026-12-05, Brazilian in Portuguese: "3 pretos x 1" in the count, 0 in its box).
  function mirrorBlackThrees(scope) {
    scope.querySelectorAll("input[name$='.black_threes_in_hand']").forEach(function (box) {
      var name = box.name.replace(/black_threes_in_hand$/, "hand_cards.black_threes");
      var counted = box.form ? box.form.elements.namedItem(name) : null;
      if (counted && counted.value !== undefined) {
        box.placeholder = counted.value.trim() || "0";
      }
    });
  }

  document.addEventListener("input", function (event) {
    var helper = event.target.closest ? event.target.closest("details.card-helper") : null;
    if (helper && event.target.hasAttribute("data-points")) {
      showHelperTotal(helper);
    }
    if (event.target.form && /\.hand_cards\.black_threes$/.test(event.target.name || "")) {
      mirrorBlackThrees(event.target.form);
    }
  });

  // The side switch: the sides' names in the bar bring that side up; the one in view is marked.
  function strip() {
    return document.getElementById("sides-strip");
  }

  function currentSide() {
    var box = strip();
    if (!box || !box.children.length) {
      return 0;
    }
    var width = box.children[0].getBoundingClientRect().width || 1;
    return Math.round(box.scrollLeft / width);
  }

  function markCurrentSide() {
    var current = String(currentSide());
    document.querySelectorAll("a.summary-side").forEach(function (link) {
      var here = link.getAttribute("data-side") === current;
      link.classList.toggle("is-current", here);
      if (here) {
        link.setAttribute("aria-current", "true");
      } else {
        link.removeAttribute("aria-current");
      }
    });
  }

  function bringUp(panel) {
    var box = strip();
    if (box) {
      box.scrollTo({ left: panel.offsetLeft - box.firstElementChild.offsetLeft, behavior: "smooth" });
    }
    var top = panel.getBoundingClientRect().top;
    if (top < 0 || top > window.innerHeight / 2) {
      window.scrollBy({ top: top - 8, behavior: "smooth" });
    }
  }

  document.addEventListener("click", function (event) {
    var link = event.target.closest ? event.target.closest("a.summary-side") : null;
    if (!link) {
      return;
    }
    var panel = document.getElementById("side-" + link.getAttribute("data-side"));
    if (panel) {
      event.preventDefault();
      bringUp(panel);
    }
  });

  // The focused field never sits under the bar: the page's scroll padding follows the bar's
  // height, and a field it still covers is scrolled clear.
  function bar() {
    return document.querySelector(".count-bar");
  }

  function measureBar() {
    var el = bar();
    if (el) {
      document.documentElement.style.setProperty("--count-bar", el.offsetHeight + "px");
    }
  }

  function keepClear(field) {
    var el = bar();
    if (!el || !field || !field.getBoundingClientRect || el.contains(field)) {
      return;
    }
    var box = field.getBoundingClientRect();
    var barTop = el.getBoundingClientRect().top;
    if (box.bottom > barTop - 8) {
      window.scrollBy(0, box.bottom - barTop + 16);
    }
  }

  // On a short screen a hand's count opens with the first side's points fields clear of the
  // bar (the page moves up by what they need, no more), unless a notice or a link's target at
  // the top of the page is what must be read first. The calculator starts with its choice of
  // rules: it stays in place.
  function showFirstSide(resized) {
    if (!document.querySelector(".count-title") || window.location.hash ||
        (window.scrollY > 0 && !resized) ||
        document.querySelector("main .notice, main .error-summary")) {
      return;
    }
    var first = document.querySelector("#sides-strip .side-count");
    var fields = first ? first.querySelectorAll("input[name$='_points']") : [];
    if (fields.length) {
      keepClear(fields[fields.length - 1]);
    }
  }

  document.addEventListener("focusin", function (event) {
    var form = document.getElementById("count-form");
    if (form && form.contains(event.target)) {
      measureBar();
      keepClear(event.target);
    }
  });

  document.addEventListener("DOMContentLoaded", function () {
    showSteppers(document);
    mirrorBlackThrees(document);
    document.querySelectorAll("details.card-helper").forEach(function (helper) {
      if (helperTotal(helper) !== null) {
        showHelperTotal(helper);
      }
    });
    var box = strip();
    if (box) {
      box.addEventListener("scroll", markCurrentSide, { passive: true });
      markCurrentSide();
      measureBar();
      showFirstSide();
      // Until the first touch, a new size of the screen (a phone turned, or a page laid out
      // before its window had its size) brings the first side's points clear of the bar again:
      // a count first laid out on a taller screen, where they fitted, stayed unscrolled with them
      // under the bar once the screen was a phone's.
      var touched = false;
      ["pointerdown", "keydown", "wheel", "touchstart"].forEach(function (type) {
        window.addEventListener(type, function () { touched = true; }, { capture: true, passive: true });
      });
      window.addEventListener("resize", function () {
        measureBar();
        if (!touched) {
          showFirstSide(true);
        }
      });
    }
  });
  document.addEventListener("htmx:afterSettle", function () {
    showSteppers(document);
    var form = document.getElementById("count-form");
    if (form) {
      markInvalid(form);
      openWhereMessages(form);
      markCurrentSide();
      measureBar();
      if (form.contains(document.activeElement)) {
        keepClear(document.activeElement);
      }
    }
  });
})();
