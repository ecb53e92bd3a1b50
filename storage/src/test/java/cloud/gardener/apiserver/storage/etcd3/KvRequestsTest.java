package cloud.gardener.apiserver.storage.etcd3;

import static org.assertj.core.api.Assertions.assertThat;

import io.etcd.jetcd.api.RequestOp;
import io.etcd.jetcd.api.TxnRequest;
import org.junit.jupiter.api.Test;

class KvRequestsTest {

    private static final byte[] VALUE = {1, 2, 3};

    @Test
    void anUpdateThatNeedsTheCreateRevisionReadsItKeysOnlyBeforeThePut() {
        TxnRequest txn = KvRequests.update(KvRequests.key("/registry/a"), 42, VALUE, true);

        assertThat(txn.getSuccessList())
                .extracting(RequestOp::getRequestCase)
                .containsExactly(RequestOp.RequestCase.REQUEST_RANGE, RequestOp.RequestCase.REQUEST_PUT);
        assertThat(txn.getSuccess(0).getRequestRange().getKeysOnly()).isTrue();
    }

    @Test
    void anUpdateThatKnowsTheCreateRevisionOnlyPutsAndReadsTheValueOnlyWhenTheCompareFails() {
        TxnRequest txn = KvRequests.update(KvRequests.key("/registry/a"), 42, VALUE, false);

        assertThat(txn.getSuccessList())
                .extracting(RequestOp::getRequestCase)
                .containsExactly(RequestOp.RequestCase.REQUEST_PUT);
        assertThat(txn.getCompare(0).getModRevision()).isEqualTo(42);
        assertThat(txn.getFailureList())
                .extracting(RequestOp::getRequestCase)
                .containsExactly(RequestOp.RequestCase.REQUEST_RANGE);
    }
}
