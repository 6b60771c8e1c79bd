// Progressive enhancement: every page works without this script; it adds copy buttons' behaviour.
document.addEventListener('click', async (event) => {
  const button = event.target instanceof Element ? event.target.closest('button[data-copy]') : null;
  if (!button) return;
  const field = document.getElementById(button.getAttribute('data-copy'));
  if (!field) return;
  field.select();
  try {
    await navigator.clipboard.writeText(field.value);
    button.textContent = 'Copied';
  } catch {
    // No clipboard access (an insecure origin): the key is selected, ready for Ctrl+C.
    button.textContent = 'Press Ctrl+C';
  }
});
