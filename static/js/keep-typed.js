// On every page (base.html).
(function () {
  "use strict";
  // What a person is typing survives a live update. A quote tick re-renders a whole section
  // (a spread bet's row, an offer, a ladder cell; a table's board after another's move), and
  // its inputs with it: a stake typed but not yet sent would silently go back to the server's
  // value and be sent as that. Inputs marked
  // data-keep="<a name unique on the page>" keep a typed value (or the focus) across the swap;
  // sending the form ends that, so the next render shows what the server now holds.
  var kept = {};
  function edited(input) {
    return input.value !== input.defaultValue || input === document.activeElement;
  }
  document.addEventListener("htmx:oobBeforeSwap", function (event) {
    var target = event.detail.target;
    if (!target || !target.querySelectorAll) { return; }
    target.querySelectorAll("input[data-keep]").forEach(function (input) {
      if (edited(input)) {
        kept[input.dataset.keep] = {
          value: input.value,
          focused: input === document.activeElement,
          start: input.selectionStart,
          end: input.selectionEnd,
        };
      }
    });
  });
  document.addEventListener("htmx:oobAfterSwap", function () {
    Object.keys(kept).forEach(function (name) {
      var state = kept[name];
      delete kept[name];
      var input = document.querySelector('input[data-keep="' + CSS.escape(name) + '"]');
      if (!input) { return; }
      input.value = state.value;
      if (state.focused) {
        input.focus();
        try { input.setSelectionRange(state.start, state.end); } catch (ignored) { /* not a text input */ }
      }
    });
  });
  document.addEventListener("submit", function (event) {
    event.target.querySelectorAll && event.target.querySelectorAll("input[data-keep]").forEach(function (input) {
      input.defaultValue = input.value;
      input.blur();
    });
  }, true);
})();
