// Turn clocks: every element with data-deadline (epoch seconds) counts down once a second.
(function () {
  function tick() {
    var now = Date.now() / 1000;
    document.querySelectorAll("[data-deadline]").forEach(function (el) {
      var left = Math.max(0, Math.ceil(parseFloat(el.dataset.deadline) - now));
      el.textContent = left + " s";
      el.classList.toggle("urgent", left <= 5);
    });
  }
  setInterval(tick, 1000);
  document.addEventListener("htmx:oobAfterSwap", tick);
  document.addEventListener("DOMContentLoaded", tick);
  // An error is shown until the next view arrives.
  document.addEventListener("htmx:wsAfterMessage", function (event) {
    if (event.detail.message.indexOf('id="table-board"') !== -1) {
      var error = document.getElementById("table-error");
      if (error) { error.textContent = ""; }
    }
  });
})();
