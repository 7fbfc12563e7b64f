// A shared singleton of its own (`shared-api/customer`): the wallet reads and the links into billing, which
// only a signed-in customer's pages use. The shell provides it but fetches it only on a customer's page
// (`shared-api/first-reads`), so a guest's start-up code (/login) does not carry it, as it would inside `shared-api`,
// which is shared whole.
export * from './endpoints/wallet';
export * from './billing-links';
