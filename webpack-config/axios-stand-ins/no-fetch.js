// Stands in for axios' fetch adapter: `getFetch` answering false is how axios itself reports a missing fetch.
export const getFetch = () => false;
export default undefined;
