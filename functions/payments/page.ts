import { SUBSCRIPTION_TIERS } from '../contracts/subscriptions';
import type { CheckoutRecord } from '../subscriptions/model';

const escape = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;

/**
 * The offline checkout page: what is bought and its price, a card form for show, Pay and Cancel.
 * Plain HTML with no script (the app's CSP allows none inline); the buttons post forms to this app.
 */
export function renderCheckoutPage(record: CheckoutRecord, base: string): string {
  const action = `${base}/${encodeURIComponent(record.session_id)}`;
  const per =
    record.kind === 'subscription' ? (record.billing_period === 'annual' ? ' / year' : ' / month') : '';
  const features =
    record.kind === 'subscription' && record.tier
      ? `<ul>${SUBSCRIPTION_TIERS[record.tier].highlights.map((h) => `<li>${escape(h)}</li>`).join('')}</ul>`
      : '';
  const closed =
    record.status === 'open'
      ? ''
      : `<p role="status" class="closed">This checkout session is ${record.status === 'complete' ? 'paid' : 'cancelled'}.</p>`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Checkout — BookStudio</title>
<style>
body{font-family:system-ui,sans-serif;background:#f4f4f7;margin:0;padding:2rem;color:#1d1d28}
main{max-width:28rem;margin:0 auto;background:#fff;border-radius:12px;padding:2rem;box-shadow:0 2px 12px #0002}
h1{font-size:1.3rem;margin:0 0 .25rem}.price{font-size:2rem;font-weight:700;margin:.5rem 0}
.note{background:#fff7d6;border:1px solid #e8d36a;border-radius:8px;padding:.6rem .8rem;font-size:.85rem}
label{display:block;font-size:.85rem;margin-top:.8rem}input{width:100%;box-sizing:border-box;padding:.55rem;border:1px solid #bbb;border-radius:6px;font-size:1rem}
.row{display:flex;gap:.6rem}.row label{flex:1}
.actions{display:flex;gap:.6rem;margin-top:1.2rem}button{flex:1;padding:.7rem;border-radius:8px;font-size:1rem;cursor:pointer;border:1px solid #555}
.pay{background:#4f46e5;color:#fff;border-color:#4f46e5}.closed{color:#a00}
</style>
</head>
<body>
<main>
<p class="note">Offline checkout: no card is charged. This page stands in for Stripe Checkout when no Stripe key is configured.</p>
<h1>${escape(record.name)}</h1>
<p>${escape(record.description)}</p>
<p class="price" data-testid="checkout-price">${money(record.amount)}${per}</p>
${features}
${closed}
<form method="post" action="${escape(action)}/pay">
<label>Card number<input name="card" inputmode="numeric" autocomplete="off" value="4242 4242 4242 4242"></label>
<div class="row"><label>Expiry<input name="expiry" autocomplete="off" value="12 / 34"></label>
<label>CVC<input name="cvc" autocomplete="off" value="123"></label></div>
<label>Name on card<input name="name" autocomplete="off" value="Test Reader"></label>
<div class="actions">
<button type="submit" class="pay"${record.status === 'open' ? '' : ' disabled'}>Pay ${money(record.amount)}</button>
<button type="submit" formaction="${escape(action)}/cancel">Cancel</button>
</div>
</form>
</main>
</body>
</html>`;
}
