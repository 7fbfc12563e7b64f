// The shell's runtime plugin that hands its federation runtime core to the remotes, whose production entries are
// built without one (`experiments.externalRuntime`: they read the global `_FEDERATION_RUNTIME_CORE`). It hands only
// the names a remote's runtime uses, its `init` being all a remote calls (each remote's build checks that list,
// RuntimeCoreProvisionCheckPlugin), where
// @module-federation/inject-external-runtime-core-plugin hands the whole module and so keeps every export of it in
// main.js, used or not.
import {
  CurrentGlobal,
  Global,
  ModuleFederation,
  getGlobalFederationConstructor,
  setGlobalFederationConstructor,
  setGlobalFederationInstance,
} from '@module-federation/runtime-core';

const provided = Object.freeze({
  CurrentGlobal,
  Global,
  ModuleFederation,
  getGlobalFederationConstructor,
  setGlobalFederationConstructor,
  setGlobalFederationInstance,
});

export default function provideRuntimeCorePlugin() {
  return {
    name: 'portal-provide-runtime-core',
    beforeInit(args) {
      // The first host to start provides it; the portal has one host.
      if (!Global._FEDERATION_RUNTIME_CORE) Global._FEDERATION_RUNTIME_CORE = provided;
      return args;
    },
  };
}
