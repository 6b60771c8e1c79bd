// Progressive enhancement: follows the running imports a page shows, through the REST API with the
// session (its CSRF token comes with this script's tag), and reloads the page when one ends, for
// its rows and downloads. Without this script, the page's Refresh link does the same.
const csrf = document.currentScript?.dataset.csrf ?? '';
const ENDED = ['completed', 'failed', 'cancelled'];

async function follow(shown) {
  const set = (field, text) => {
    const element = shown.querySelector(`[data-field="${field}"]`);
    if (element) element.textContent = text;
  };
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const response = await fetch(`/api/v1/imports/${encodeURIComponent(shown.dataset.importId)}`, { headers: { 'X-CSRF-Token': csrf } });
    // Signed out, or refused for now (too many requests): the Refresh link is still there.
    if (!response.ok) return;
    const { data } = await response.json();
    if (ENDED.includes(data.status)) return location.reload();
    const progress = shown.querySelector('progress');
    if (data.rowsTotal !== null) {
      progress.max = Math.max(data.rowsTotal, 1);
      progress.value = data.rowsTotal === 0 ? 1 : data.rowsProcessed;
      set('rows', `${data.rowsProcessed} of ${data.rowsTotal}`);
    }
    if (data.status === 'running') set('status', 'Running');
    for (const count of ['created', 'updated', 'unchanged', 'failed']) set(count, String(data[count]));
  }
}

for (const shown of document.querySelectorAll('[data-import-id]')) {
  if (!ENDED.includes(shown.dataset.status)) follow(shown);
}
