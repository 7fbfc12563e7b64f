/* global window, Element */
// Browser APIs jsdom lacks but the portal's libraries call (react-hot-toast reads matchMedia).
if (typeof window !== 'undefined') {
  if (!window.matchMedia) {
    window.matchMedia = (query) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    });
  }
  if (!Element.prototype.scrollIntoView) Element.prototype.scrollIntoView = function scrollIntoView() {};
  // jsdom has the <dialog> element but not its modal methods: opening and closing only. The browser's part (the top
  // layer, inert page, Tab kept inside) is what e2e/tests/keyboard.spec.ts checks in Chromium.
  const Dialog = window.HTMLDialogElement;
  if (Dialog && !Dialog.prototype.showModal) {
    Dialog.prototype.showModal = function showModal() {
      this.setAttribute('open', '');
    };
    Dialog.prototype.close = function close() {
      if (!this.hasAttribute('open')) return;
      this.removeAttribute('open');
      this.dispatchEvent(new window.Event('close'));
    };
  }
}

// On a shared 2-core machine a screen's first render (its lazy modules loading) can take over the default second;
// `findBy*` and `waitFor` still resolve as soon as what they wait for is there.
if (typeof window !== 'undefined') require('@testing-library/dom').configure({ asyncUtilTimeout: 5000 });
