package cloud.gardener.apiserver.admission.validation.core;

import cloud.gardener.apiserver.admission.validation.cidr.Cidr;
import cloud.gardener.apiserver.api.core.v1beta1.NetworkingStatus;
import cloud.gardener.apiserver.api.core.v1beta1.ShootAdvertisedAddress;
import cloud.gardener.apiserver.api.core.v1beta1.ShootStatus;
import cloud.gardener.apiserver.api.validation.FieldError;
import cloud.gardener.apiserver.api.validation.FieldPath;
import cloud.gardener.apiserver.api.validation.ObjectMetaValidation;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * {@code ValidateShootStatusUpdate}, all that Gardener's {@code shoots/status} strategy checks: the identifiers stay
 * once set, advertised addresses are named uniquely, networking CIDRs parse and are canonical. The spec and the
 * operation annotations are not judged here: a status write must go through while, say, a rotation is running.
 */
final class ShootStatusValidation {

    private static final FieldPath STATUS = FieldPath.of("status");

    private ShootStatusValidation() {}

    static List<FieldError> validateUpdate(ShootStatus status, ShootStatus old) {
        List<FieldError> errs = new ArrayList<>();
        String oldUid = old == null ? "" : CoreRules.text(old.uid());
        String oldTechnicalId = old == null ? "" : CoreRules.text(old.technicalID());
        String oldClusterIdentity = old == null ? null : old.clusterIdentity();
        String clusterIdentity = status == null ? null : status.clusterIdentity();
        if (!oldUid.isEmpty()) {
            errs.addAll(ObjectMetaValidation.immutable(
                    status == null ? "" : CoreRules.text(status.uid()), oldUid, STATUS.child("uid")));
        }
        if (!oldTechnicalId.isEmpty()) {
            errs.addAll(ObjectMetaValidation.immutable(
                    status == null ? "" : CoreRules.text(status.technicalID()),
                    oldTechnicalId,
                    STATUS.child("technicalID")));
        }
        if (oldClusterIdentity != null && !Objects.equals(oldClusterIdentity, clusterIdentity)) {
            errs.addAll(ObjectMetaValidation.immutable(
                    clusterIdentity, oldClusterIdentity, STATUS.child("clusterIdentity")));
        }
        if (status != null) {
            errs.addAll(validateAdvertisedAddresses(status.advertisedAddresses(), STATUS.child("advertisedAddresses")));
            errs.addAll(validateNetworking(status.networking(), STATUS.child("networking")));
        }
        return errs;
    }

    private static List<FieldError> validateAdvertisedAddresses(
            List<ShootAdvertisedAddress> addresses, FieldPath path) {
        List<FieldError> errs = new ArrayList<>();
        if (addresses == null) {
            return errs;
        }
        Set<String> names = new HashSet<>();
        for (int i = 0; i < addresses.size(); i++) {
            ShootAdvertisedAddress address = addresses.get(i);
            String name = CoreRules.text(address.name());
            if (name.isEmpty()) {
                errs.add(FieldError.required(path.index(i).child("name").toString(), "field must not be empty"));
            } else if (!names.add(name)) {
                errs.add(FieldError.duplicate(path.index(i).child("name").toString(), name));
            } else {
                errs.addAll(AdvertisedUrl.validate(
                        CoreRules.text(address.url()), path.index(i).child("url")));
            }
        }
        return errs;
    }

    private static List<FieldError> validateNetworking(NetworkingStatus networking, FieldPath path) {
        List<FieldError> errs = new ArrayList<>();
        if (networking == null) {
            return errs;
        }
        cidrs(networking.nodes(), path.child("nodes"), errs);
        cidrs(networking.pods(), path.child("pods"), errs);
        cidrs(networking.services(), path.child("services"), errs);
        cidrs(networking.egressCIDRs(), path.child("egressCIDRs"), errs);
        return errs;
    }

    private static void cidrs(List<String> values, FieldPath path, List<FieldError> errs) {
        if (values == null) {
            return;
        }
        for (int i = 0; i < values.size(); i++) {
            Cidr cidr = Cidr.of(values.get(i), path.index(i));
            errs.addAll(cidr.validateParse());
            errs.addAll(cidr.validateIsCanonical());
        }
    }
}
