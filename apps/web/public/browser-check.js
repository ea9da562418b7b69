/*
 * Old-browser alert (docs/web-app.md "Start-up"). Deliberately ES5 and dependency-free: it must run on
 * engines that cannot even parse the application bundle, so it cannot use the app's translations.
 */
(function () {
  function supported() {
    try {
      return (
        'noModule' in document.createElement('script') &&
        typeof Array.prototype.at === 'function' &&
        typeof Object.hasOwn === 'function' &&
        typeof window.ResizeObserver === 'function' &&
        typeof Intl === 'object' &&
        typeof Intl.PluralRules === 'function' &&
        typeof window.CSS === 'object' &&
        window.CSS.supports('color', 'color-mix(in srgb, red 50%, blue)')
      );
    } catch (e) {
      return false;
    }
  }
  if (supported()) return;
  var texts = {
    br: "Re gozh eo ho merdeer evit al lec'hienn-mañ. Hizivait anezhañ evit kemer un emgav.",
    cs: 'Váš prohlížeč je pro tuto stránku příliš starý. Pro rezervaci termínu jej prosím aktualizujte.',
    de: 'Ihr Browser ist für diese Seite zu alt. Bitte aktualisieren Sie ihn, um einen Termin zu buchen.',
    en: 'Your browser is too old for this page. Please update it to book an appointment.',
    es: 'Su navegador es demasiado antiguo para esta página. Actualícelo para reservar una cita.',
    fr: 'Votre navigateur est trop ancien pour cette page. Mettez-le à jour pour prendre rendez-vous.',
    hr: 'Vaš je preglednik prestar za ovu stranicu. Ažurirajte ga kako biste rezervirali termin.',
    hu: 'A böngészője túl régi ehhez az oldalhoz. Frissítse, hogy időpontot foglalhasson.',
    it: 'Il tuo browser è troppo vecchio per questa pagina. Aggiornalo per prenotare un appuntamento.',
    nl: 'Uw browser is te oud voor deze pagina. Werk hem bij om een afspraak te maken.',
    pl: 'Twoja przeglądarka jest zbyt stara dla tej strony. Zaktualizuj ją, aby umówić wizytę.',
    pt: 'O seu navegador é demasiado antigo para esta página. Atualize-o para marcar uma consulta.',
    sk: 'Váš prehliadač je pre túto stránku príliš starý. Ak si chcete rezervovať termín, aktualizujte ho.',
  };
  // The page's language first: the server chose it by the language rule (docs/web-app.md
  // "Language"), with any ?locale= of the address; the browser's only when the page has none.
  var lang = (
    document.documentElement.lang ||
    (navigator.languages && navigator.languages[0]) ||
    navigator.language ||
    'en'
  )
    .toLowerCase()
    .split('-')[0];
  var text = texts[lang] || texts.en;
  function show() {
    var box = document.createElement('div');
    box.setAttribute('role', 'alert');
    box.id = 'old-browser-alert';
    box.style.cssText =
      'position:fixed;left:0;right:0;top:0;z-index:2147483647;padding:14px 48px 14px 16px;' +
      'background:#FFF4E5;color:#1E1E1E;border-bottom:2px solid #E07B00;font:16px/1.4 sans-serif';
    box.appendChild(document.createTextNode(text));
    var close = document.createElement('button');
    close.type = 'button';
    close.setAttribute('aria-label', 'OK');
    close.appendChild(document.createTextNode('\u00D7'));
    close.style.cssText =
      'position:absolute;right:8px;top:8px;width:32px;height:32px;border:0;background:none;font-size:22px;cursor:pointer';
    close.onclick = function () {
      box.parentNode.removeChild(box);
    };
    box.appendChild(close);
    document.body.appendChild(box);
  }
  if (document.body) show();
  else document.addEventListener('DOMContentLoaded', show);
})();
