package cloud.gardener.apiserver.api.k8s.corev1;

import cloud.gardener.apiserver.api.k8s.metav1.LabelSelector;
import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;
import cloud.gardener.apiserver.api.model.Ptr;

@Doc("ClusterTrustBundleProjection describes how to select a set of ClusterTrustBundle objects and project their "
        + "contents into the pod filesystem.")
public record ClusterTrustBundleProjection(
        @Doc("Select a single ClusterTrustBundle by object name.  Mutually-exclusive with signerName and "
                + "labelSelector.")
        @ProtoTag(1)
        @OmitEmpty
        @Ptr
        String name,

        @Doc("Select all ClusterTrustBundles that match this signer name. Mutually-exclusive with name.  The "
                + "contents of all selected ClusterTrustBundles will be unified and deduplicated.")
        @ProtoTag(2)
        @OmitEmpty
        @Ptr
        String signerName,

        @Doc("Select all ClusterTrustBundles that match this label selector.  Only has effect if signerName is "
                + "set.  Mutually-exclusive with name.  If unset, interpreted as \"match nothing\".  If set but "
                + "empty, interpreted as \"match everything\".")
        @ProtoTag(3)
        @OmitEmpty
        @Ptr
        LabelSelector labelSelector,

        @Doc("If true, don't block pod startup if the referenced ClusterTrustBundle(s) aren't available.  If using "
                + "name, then the named ClusterTrustBundle is allowed not to exist.  If using signerName, then the "
                + "combination of signerName and labelSelector is allowed to match zero ClusterTrustBundles.")
        @ProtoTag(5)
        @OmitEmpty
        Boolean optional,

        @Doc("Relative path from the volume root to write the bundle.") @ProtoTag(4)
        String path) {}
