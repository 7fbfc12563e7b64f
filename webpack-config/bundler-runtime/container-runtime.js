// The start of a container's federation runtime, as @module-federation/runtime 2.9.2's `init` does it (the shell hands it
// to the remotes, `provide.js`): the instance of this build (`buildId`, its FEDERATION_BUILD_IDENTIFIER) or of this
// name, given the new options, else a new one. A remote calls nothing else of its runtime, so taking this from the
// shell keeps the runtime's wrapper out of every remote entry; budgets/ compares the two.
import {
  CurrentGlobal,
  ModuleFederation,
  getGlobalFederationConstructor,
  setGlobalFederationInstance,
} from '@module-federation/runtime-core';

export function initContainerRuntime(options, buildId) {
  const { name, version } = options;
  const instance = CurrentGlobal.__FEDERATION__.__INSTANCES__.find(
    ({ options: own }) =>
      (buildId && own.id === buildId) ||
      (own.name === name && !own.version && !version) ||
      (own.name === name && version && own.version === version),
  );
  const normalized = { ...options, id: options.id || '' };
  if (instance) {
    instance.initOptions(normalized);
    return instance;
  }
  const created = new (getGlobalFederationConstructor() || ModuleFederation)({ id: `${name}@${version || Date.now()}`, ...normalized });
  setGlobalFederationInstance(created);
  return created;
}
