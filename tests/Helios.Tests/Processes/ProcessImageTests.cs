// The loader's reading of process images (src/Kernel/Processes/ProcessImage.cs, compiled here unchanged): every app
// the build makes is accepted for its own ISA, and anything else, down to a single flipped byte, is refused with a
// ProcessImageException that names the image, never another exception or a crash.
using System.Buffers.Binary;
using Helios.Kernel.Processes;
using Helios.Tooling;
using Xunit;

namespace Helios.Tests.Processes;

public class ProcessImageTests
{
    public static TheoryData<string> Isas => new() { "x86_64", "arm64" };

    private static byte[] Hello(string isa) => File.ReadAllBytes(Path.Combine(TestData.Repo.ImagesDirectory(TestData.Configuration), isa, "apps", "hello.elf"));

    private static ushort Machine(string isa) => ProcessImage.MachineOf(isa == "x86_64");

    [Theory]
    [MemberData(nameof(Isas))]
    public void TheBuiltAppIsAcceptedWithItsImportsAndRelocations(string isa)
    {
        ProcessImage image = ProcessImage.Read(Hello(isa), "hello.elf", Machine(isa));
        Assert.Equal(0UL, image.Size % ProcessImage.PageSize);
        Assert.True(image.Image.RelocationCount > 0, "a position-independent image has relocations");
        Assert.Contains("helios_host_write", image.Imports);
        Assert.Equal(image.Imports.Length, image.Header.ImportCount);
        Assert.InRange(image.Header.Main, 1UL, image.Size - 1);
    }

    [Theory]
    [MemberData(nameof(Isas))]
    public void AnImageForTheOtherIsaIsRefusedByName(string isa)
    {
        var e = Assert.Throws<ProcessImageException>(() => ProcessImage.Read(Hello(isa), "hello.elf", Machine(isa == "x86_64" ? "arm64" : "x86_64")));
        Assert.Contains($"hello.elf: built for {isa}", e.Message);
    }

    [Fact]
    public void WhatIsNotAnElfFileIsRefused()
    {
        var e = Assert.Throws<ProcessImageException>(() => ProcessImage.Read("#!/bin/sh\necho hi\n"u8.ToArray().Concat(new byte[64]).ToArray(), "script", ProcessImage.MachineX64));
        Assert.Equal("script: not an ELF file", e.Message);
        Assert.Throws<ProcessImageException>(() => ProcessImage.Read([], "empty", ProcessImage.MachineX64));
    }

    [Fact]
    public void AKernelImageIsNotAProcessImage()
    {
        byte[] kernel = File.ReadAllBytes(TestData.Image(Isa.X86_64, RepoPaths.KernelImage));
        var e = Assert.Throws<ProcessImageException>(() => ProcessImage.Read(kernel, "helios-kernel.elf", ProcessImage.MachineX64));
        Assert.Contains("not a position-independent executable", e.Message);
    }

    [Theory]
    [MemberData(nameof(Isas))]
    public void AWrongHeaderIsRefusedWithWhatIsWrong(string isa)
    {
        byte[] file = Hello(isa);
        ProcessImage image = ProcessImage.Read(file, "hello.elf", Machine(isa));
        int header = HeaderFileOffset(file, image);

        byte[] badMagic = (byte[])file.Clone();
        badMagic[header] ^= 0xFF;
        Assert.Contains("not a Helios process header", Assert.Throws<ProcessImageException>(() => ProcessImage.Read(badMagic, "hello.elf", Machine(isa))).Message);

        byte[] newer = (byte[])file.Clone();
        BinaryPrimitives.WriteUInt32LittleEndian(newer.AsSpan(header + 8), 2);
        Assert.Contains("process ABI version 2", Assert.Throws<ProcessImageException>(() => ProcessImage.Read(newer, "hello.elf", Machine(isa))).Message);

        byte[] wildEntry = (byte[])file.Clone();
        BinaryPrimitives.WriteUInt64LittleEndian(wildEntry.AsSpan(header + 48), 1UL << 40);
        Assert.Contains("entry point is outside the image", Assert.Throws<ProcessImageException>(() => ProcessImage.Read(wildEntry, "hello.elf", Machine(isa))).Message);
    }

    [Theory]
    [MemberData(nameof(Isas))]
    public void ARelocationOfAnotherKindIsRefused(string isa)
    {
        byte[] file = Hello(isa);
        ProcessImage image = ProcessImage.Read(file, "hello.elf", Machine(isa));
        int table = FileOffset(file, image, image.Image.RelocationsAddress);
        BinaryPrimitives.WriteUInt64LittleEndian(file.AsSpan(table + 8), 1);     // R_X86_64_64 / an unknown arm64 type
        var e = Assert.Throws<ProcessImageException>(() => ProcessImage.Read(file, "hello.elf", Machine(isa)));
        Assert.Contains("relocation 0 has type 1; an image may only have relative relocations", e.Message);
    }

    // Every single-byte corruption of the headers, and random corruption anywhere, is refused cleanly or accepted;
    // nothing else may come out of the reader.
    [Theory]
    [MemberData(nameof(Isas))]
    public void CorruptionNeverEscapesAsAnotherException(string isa)
    {
        byte[] file = Hello(isa);
        var random = new Random(1234);
        for (int i = 0; i < 3000; i++)
        {
            byte[] copy = (byte[])file.Clone();
            int at = i < 1000 ? i % 256 : random.Next(copy.Length);    // the ELF and program headers first, then anywhere
            copy[at] = (byte)random.Next(256);
            if (i % 7 == 0) copy = copy.AsSpan(0, random.Next(copy.Length)).ToArray();
            try
            {
                ProcessImage.Read(copy, "hello.elf", Machine(isa));
            }
            catch (ProcessImageException e)
            {
                Assert.StartsWith("hello.elf: ", e.Message);
            }
        }
    }

    private static int HeaderFileOffset(byte[] file, ProcessImage image)
        => FileOffset(file, image, BinaryPrimitives.ReadUInt64LittleEndian(file.AsSpan(24)));

    private static int FileOffset(byte[] file, ProcessImage image, ulong address)
    {
        foreach (Helios.Kernel.Loading.RelocatableImage.Segment segment in image.Segments)
            if (address >= segment.Address && address < segment.Address + segment.FileSize)
                return (int)(segment.FileOffset + (address - segment.Address));
        throw new InvalidOperationException("not in the file");
    }
}
