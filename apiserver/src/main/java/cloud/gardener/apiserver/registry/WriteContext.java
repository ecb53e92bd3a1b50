package cloud.gardener.apiserver.registry;

import cloud.gardener.apiserver.authn.UserInfo;

/**
 * Who writes and how.
 *
 * @param user         the authenticated user (admission sees it)
 * @param dryRun       run everything but persist nothing
 * @param fieldManager the field manager named by the request, or empty
 */
public record WriteContext(UserInfo user, boolean dryRun, String fieldManager) {
}
