/**
 * The dashboard's only script, served from /dashboard/assets/client.js (the CSP runs
 * no inline script). Each part starts from markup the server rendered; pages work
 * without it except the playground, which is a client of the API by nature.
 * Text from responses is only ever set as textContent or attribute values.
 */
export const CLIENT_JS = String.raw`"use strict";
(function () {
  var KEY_STORE = "vc-playground-key";

  function copyText(text, button) {
    var done = function () {
      var label = button.textContent;
      button.textContent = "Copied";
      setTimeout(function () { button.textContent = label; }, 1500);
    };
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(text).then(done, function () { selectAndCopy(text, done); });
    } else {
      selectAndCopy(text, done);
    }
  }

  function selectAndCopy(text, done) {
    var area = document.createElement("textarea");
    area.value = text;
    area.setAttribute("readonly", "");
    area.style.position = "fixed";
    area.style.opacity = "0";
    document.body.appendChild(area);
    area.select();
    try { if (document.execCommand("copy")) done(); } catch (e) { /* the text stays selectable */ }
    document.body.removeChild(area);
  }

  document.querySelectorAll("[data-copy]").forEach(function (button) {
    button.hidden = false;
    button.addEventListener("click", function () {
      var source = document.getElementById(button.getAttribute("data-copy"));
      if (source) copyText(source.textContent.trim(), button);
    });
  });

  document.querySelectorAll("[data-use-key]").forEach(function (link) {
    link.addEventListener("click", function () {
      var source = document.getElementById(link.getAttribute("data-use-key"));
      if (source) sessionStorage.setItem(KEY_STORE, source.textContent.trim());
    });
  });

  // The ingest runs: while one is running, the table is fetched again every 2 s.
  var runs = document.querySelector("[data-live-url]");
  if (runs) {
    var poll = function () {
      if (!runs.querySelector("[data-running]")) return;
      fetch(runs.getAttribute("data-live-url"), { headers: { accept: "text/html" } })
        .then(function (res) { return res.ok ? res.text() : Promise.reject(res.status); })
        .then(function (text) { runs.innerHTML = text; setTimeout(poll, 2000); })
        .catch(function () { setTimeout(poll, 5000); });
    };
    setTimeout(poll, 2000);
  }

  var form = document.getElementById("playground");
  if (!form) return;
  var endpoint = document.getElementById("pg-endpoint");
  var keyInput = document.getElementById("pg-key");
  var stored = sessionStorage.getItem(KEY_STORE);
  if (stored && !keyInput.value) keyInput.value = stored;

  function showEndpoint() {
    form.querySelectorAll("fieldset[data-endpoint]").forEach(function (set) {
      var on = set.getAttribute("data-endpoint") === endpoint.value;
      set.hidden = !on;
      set.disabled = !on;
    });
  }
  endpoint.addEventListener("change", showEndpoint);
  showEndpoint();

  function paramsOf(set) {
    var params = new URLSearchParams();
    var filter = {};
    set.querySelectorAll("input[name], select[name]").forEach(function (input) {
      var value = input.value.trim();
      if (value === "") return;
      var name = input.getAttribute("name");
      if (name.indexOf("filter.") === 0) {
        var key = name.slice(7);
        if (input.type === "number") filter[key] = Number(value);
        else if (value === "true" || value === "false") filter[key] = value === "true";
        else filter[key] = value;
      } else {
        params.set(name, value);
      }
    });
    if (Object.keys(filter).length > 0) params.set("filter", JSON.stringify(filter));
    return params;
  }

  function titlesOf(name, body) {
    if (!body) return [];
    if (name === "movie") return body.result ? [{ code: body.result.dvdId, title: body.result.titleEn || body.result.titleJa, cover: body.result.jacketThumbUrl || body.result.jacketFullUrl }] : [];
    if (name === "query") return (body.results || []).map(function (r) { return { code: r.dvdId, title: r.title, cover: r.cover }; });
    return (Array.isArray(body) ? body : []).map(function (r) { return { code: r.dvdId, title: r.titleEn || r.titleJa, cover: r.jacketThumbUrl || r.jacketFullUrl }; });
  }

  var HEADERS = ["x-total-count", "link", "x-request-id", "retry-after", "content-type"];

  form.addEventListener("submit", function (event) {
    event.preventDefault();
    var name = endpoint.value;
    var set = form.querySelector('fieldset[data-endpoint="' + name + '"]');
    var query = paramsOf(set).toString();
    var url = "/" + name + (query ? "?" + query : "");
    var result = document.getElementById("pg-result");
    var status = document.getElementById("pg-status");
    var headers = document.getElementById("pg-headers");
    var covers = document.getElementById("pg-covers");
    var json = document.getElementById("pg-json");
    document.getElementById("pg-url").textContent = "GET " + url;
    status.textContent = "Sending…";
    status.className = "status";
    status.removeAttribute("data-status");
    headers.textContent = "";
    covers.textContent = "";
    json.textContent = "";
    result.hidden = false;
    var started = performance.now();
    fetch(url, { headers: { "x-service-key": keyInput.value.trim(), accept: "application/json" }, credentials: "omit", cache: "no-store" })
      .then(function (res) {
        var ms = Math.round(performance.now() - started);
        status.textContent = res.status + " " + res.statusText + " · " + ms + " ms";
        status.className = "status " + (res.ok ? "ok" : "bad");
        status.setAttribute("data-status", String(res.status));
        HEADERS.forEach(function (h) {
          var v = res.headers.get(h);
          if (v === null) return;
          var dt = document.createElement("dt");
          dt.textContent = h;
          var dd = document.createElement("dd");
          dd.textContent = v;
          headers.appendChild(dt);
          headers.appendChild(dd);
        });
        return res.text().then(function (text) {
          var body = null;
          try { body = JSON.parse(text); json.textContent = JSON.stringify(body, null, 2); } catch (e) { json.textContent = text; }
          if (!res.ok) return;
          titlesOf(name, body).forEach(function (t) {
            var figure = document.createElement("figure");
            if (typeof t.cover === "string" && /^https?:\/\//.test(t.cover)) {
              var img = document.createElement("img");
              img.src = t.cover;
              img.alt = "Cover of " + (t.code || "");
              img.loading = "lazy";
              img.referrerPolicy = "no-referrer";
              figure.appendChild(img);
            }
            var caption = document.createElement("figcaption");
            caption.textContent = (t.code ? t.code + " · " : "") + (t.title || "");
            figure.appendChild(caption);
            covers.appendChild(figure);
          });
        });
      })
      .catch(function (err) {
        status.textContent = "Request failed: " + err;
        status.className = "status bad";
      });
  });
})();
`;
