package dev.floe.spark.read.parquet.format;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.zip.CRC32;
import org.apache.parquet.format.ColumnChunk;
import org.apache.parquet.format.ColumnMetaData;
import org.apache.parquet.format.FileMetaData;
import org.apache.parquet.format.PageHeader;
import org.apache.parquet.format.PageType;
import org.apache.parquet.format.RowGroup;
import org.apache.parquet.format.Util;

/**
 * Gives every page of a Parquet file a CRC-32 where its header has none, with parquet-java's Thrift
 * classes: the parquet-java Spark 3.5 ships (1.13.1) writes CRCs on version 1 data pages and
 * dictionary pages but never on version 2 data pages. The CRC is the format's: over the page's
 * bytes as stored after its header (for a version 2 page, its levels and its compressed values).
 * Headers grow, so chunks move: the footer's offsets and sizes follow them, and the page indexes
 * (which Floe does not read) are left out.
 */
public final class PageCrcs {
  private static final byte[] MAGIC = {'P', 'A', 'R', '1'};

  private PageCrcs() {}

  public static byte[] addMissing(byte[] file) throws IOException {
    int footerLength =
        ByteBuffer.wrap(file, file.length - 8, 4).order(ByteOrder.LITTLE_ENDIAN).getInt();
    FileMetaData footer =
        Util.readFileMetaData(
            new ByteArrayInputStream(file, file.length - 8 - footerLength, footerLength));
    ByteArrayOutputStream out = new ByteArrayOutputStream(file.length + 4096);
    out.write(MAGIC);
    for (RowGroup group : footer.getRow_groups()) {
      long groupStart = out.size();
      for (ColumnChunk column : group.getColumns()) {
        copyChunk(file, column, out);
      }
      group.setFile_offset(groupStart);
      group.setTotal_compressed_size(out.size() - groupStart);
    }
    ByteArrayOutputStream footerBytes = new ByteArrayOutputStream();
    Util.writeFileMetaData(footer, footerBytes);
    out.write(footerBytes.toByteArray());
    out.write(
        ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN).putInt(footerBytes.size()).array());
    out.write(MAGIC);
    return out.toByteArray();
  }

  private static void copyChunk(byte[] file, ColumnChunk column, ByteArrayOutputStream out)
      throws IOException {
    ColumnMetaData metadata = column.getMeta_data();
    long start = metadata.getData_page_offset();
    if (metadata.isSetDictionary_page_offset() && metadata.getDictionary_page_offset() > 0) {
      start = Math.min(start, metadata.getDictionary_page_offset());
    }
    int end = Math.toIntExact(start + metadata.getTotal_compressed_size());
    ByteArrayInputStream in = new ByteArrayInputStream(file, (int) start, (int) (end - start));
    long chunkStart = out.size();
    boolean firstDataPage = true;
    while (in.available() > 0) {
      long headerAt = out.size();
      PageHeader header = Util.readPageHeader(in);
      int bodyStart = end - in.available();
      int size = header.getCompressed_page_size();
      if (!header.isSetCrc()) {
        CRC32 crc = new CRC32();
        crc.update(file, bodyStart, size);
        header.setCrc((int) crc.getValue());
      }
      if (header.getType() == PageType.DICTIONARY_PAGE) {
        metadata.setDictionary_page_offset(headerAt);
      } else if (firstDataPage) {
        metadata.setData_page_offset(headerAt);
        firstDataPage = false;
      }
      Util.writePageHeader(header, out);
      out.write(file, bodyStart, size);
      in.skipNBytes(size);
    }
    long grown = out.size() - chunkStart - metadata.getTotal_compressed_size();
    metadata.setTotal_compressed_size(out.size() - chunkStart);
    metadata.setTotal_uncompressed_size(metadata.getTotal_uncompressed_size() + grown);
    // parquet-java's file_offset is the first data page's
    column.setFile_offset(metadata.getData_page_offset());
    column.unsetColumn_index_offset();
    column.unsetColumn_index_length();
    column.unsetOffset_index_offset();
    column.unsetOffset_index_length();
  }
}
