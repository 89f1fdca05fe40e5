// Keyboard triage for the arxiv-radar page: j/k move, s shortlist, p promote, d dismiss,
// z snooze, u undo, / search, ? help. Actions submit the card's own (CSRF-carrying) forms.
(function () {
  "use strict";
  var token = document.querySelector('meta[name="csrf-token"]').content;
  document.body.addEventListener("htmx:configRequest", function (e) {
    e.detail.headers["X-CSRF-Token"] = token;
  });
  var index = -1;
  function cards() { return Array.prototype.slice.call(document.querySelectorAll("article.card")); }
  function focusCard(i) {
    var all = cards();
    if (!all.length) { return null; }
    index = Math.max(0, Math.min(all.length - 1, i));
    all.forEach(function (c) { c.classList.remove("focused"); });
    all[index].classList.add("focused");
    all[index].focus();
    all[index].scrollIntoView({block: "nearest"});
    return all[index];
  }
  function current() {
    var all = cards();
    return index >= 0 && index < all.length ? all[index] : focusCard(0);
  }
  function submit(card, cls) {
    var button = card && card.querySelector("button." + cls);
    if (button) { button.click(); }
  }
  document.addEventListener("htmx:afterSwap", function (e) {
    // after an action replaced a card, keep the keyboard on it (not after a preview)
    if (index >= 0 && e.detail.requestConfig && e.detail.requestConfig.verb === "post") {
      focusCard(index);
    }
  });
  document.addEventListener("keydown", function (e) {
    var tag = (e.target.tagName || "").toLowerCase();
    if (tag === "input" || tag === "select" || tag === "textarea" || e.ctrlKey || e.metaKey || e.altKey) {
      if (e.key === "Escape") { e.target.blur(); }
      return;
    }
    var card;
    switch (e.key) {
      case "j": focusCard(index + 1); break;
      case "k": focusCard(index - 1); break;
      case "s": submit(current(), "act-shortlist"); break;
      case "d": submit(current(), "act-dismiss"); break;
      case "z": submit(current(), "act-snooze"); break;
      case "p":
        card = current();
        var details = card && card.querySelector("details.promote");
        if (details) { details.open = true; details.querySelector("select").focus(); }
        break;
      case "u": document.getElementById("undo").click(); break;
      case "/": e.preventDefault(); document.getElementById("search").focus(); break;
      case "?": document.getElementById("help").classList.toggle("open"); break;
      default: return;
    }
  });
})();
