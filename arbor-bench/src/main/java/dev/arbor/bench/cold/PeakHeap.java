package dev.arbor.bench.cold;

import com.sun.management.GarbageCollectionNotificationInfo;
import dev.arbor.gltf.Gltf;
import dev.arbor.gltf.GltfModel;
import java.io.IOException;
import java.io.PrintStream;
import java.lang.management.BufferPoolMXBean;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.lang.management.MemoryUsage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import javax.management.NotificationEmitter;
import javax.management.NotificationListener;
import javax.management.openmbean.CompositeData;

/**
 * The peak heap of one {@code Gltf.read} in this JVM ({@link ColdChild}'s {@code heap} mode). The heap's used bytes
 * only grow between collections, so its peak is the largest of the used bytes just before each collection (every
 * collector's notification lists each pool's usage before it) and of the used bytes at the end. Before the read a
 * full collection leaves the baseline, the JVM's own heap; after it another one, with the model still held, gives
 * what the model keeps. A {@code .glb} file's bytes are read into direct memory, outside the heap: the direct buffer
 * pool's growth over the read is reported apart.
 */
final class PeakHeap {
    private PeakHeap() {
    }

    /**
     * Reads {@code file} once and prints {@code info file_bytes}, {@code info baseline_bytes},
     * {@code info peak_heap_bytes} (absolute), {@code info pool_peaks_bytes} (each heap pool's own peak, summed: an
     * upper bound), {@code info retained_bytes} (the heap after a full collection with the model held, minus the
     * baseline), {@code info direct_bytes} (the direct buffer pool's memory after the read, minus before it) and one
     * {@code read 1 NANOS BYTES} line.
     *
     * @param file the glTF file
     * @param out where the lines go
     * @throws IOException if the file cannot be read
     */
    static void measure(Path file, PrintStream out) throws IOException {
        long fileBytes = Files.size(file);
        List<MemoryPoolMXBean> heap = ManagementFactory.getMemoryPoolMXBeans().stream()
                .filter(p -> p.getType() == MemoryType.HEAP).toList();
        AtomicLong peak = new AtomicLong();
        AtomicLong collections = new AtomicLong();
        NotificationListener listener = (notification, handback) -> {
            if (!notification.getType().equals(GarbageCollectionNotificationInfo.GARBAGE_COLLECTION_NOTIFICATION)) {
                return;
            }
            GarbageCollectionNotificationInfo info = GarbageCollectionNotificationInfo.from(
                    (CompositeData) notification.getUserData());
            long before = 0;
            for (MemoryUsage usage : info.getGcInfo().getMemoryUsageBeforeGc().values()) {
                before += usage.getUsed();
            }
            // non-heap pools (metaspace, code cache) are in the map too: take the heap pools only
            long heapBefore = 0;
            for (MemoryPoolMXBean pool : heap) {
                MemoryUsage usage = info.getGcInfo().getMemoryUsageBeforeGc().get(pool.getName());
                heapBefore += usage == null ? 0 : usage.getUsed();
            }
            peak.accumulateAndGet(before == 0 ? 0 : heapBefore, Math::max);
            collections.incrementAndGet();
        };
        BufferPoolMXBean direct = ManagementFactory.getPlatformMXBeans(BufferPoolMXBean.class).stream()
                .filter(pool -> pool.getName().equals("direct")).findFirst().orElseThrow();
        System.gc();
        long baseline = used(heap);
        long directBefore = direct.getMemoryUsed();
        for (MemoryPoolMXBean pool : heap) {
            pool.resetPeakUsage();
        }
        for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
            ((NotificationEmitter) gc).addNotificationListener(listener, null, null);
        }
        long t = System.nanoTime();
        GltfModel model = Gltf.read(file);
        long nanos = System.nanoTime() - t;
        long atEnd = used(heap);
        long directBytes = direct.getMemoryUsed() - directBefore;
        long poolPeaks = 0;
        for (MemoryPoolMXBean pool : heap) {
            poolPeaks += pool.getPeakUsage().getUsed();
        }
        long seen = collections.get();
        System.gc();
        long retained = used(heap) - baseline;
        try {
            Thread.sleep(200); // notifications arrive on another thread
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
            try {
                ((NotificationEmitter) gc).removeNotificationListener(listener);
            } catch (javax.management.ListenerNotFoundException e) {
                throw new IllegalStateException(e);
            }
        }
        // the last notification is the System.gc() after the read, whose "before" is at most atEnd plus the
        // small garbage made since
        out.println("info file_bytes " + fileBytes);
        out.println("info nodes " + model.nodeCount());
        out.println("info baseline_bytes " + baseline);
        out.println("info peak_heap_bytes " + Math.max(peak.get(), atEnd));
        out.println("info pool_peaks_bytes " + poolPeaks);
        out.println("info retained_bytes " + retained);
        out.println("info direct_bytes " + directBytes);
        out.println("info collections " + seen);
        out.println("read 1 " + nanos + " -1");
        out.flush();
    }

    private static long used(List<MemoryPoolMXBean> heap) {
        long used = 0;
        for (MemoryPoolMXBean pool : heap) {
            used += pool.getUsage().getUsed();
        }
        return used;
    }
}
