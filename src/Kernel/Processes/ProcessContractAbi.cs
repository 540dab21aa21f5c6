// Contracts a process brings (helios_channel_declare_contract; the process side is RemoteChannel.Declared over
// src/Sip/SipChannelCalls.cs). A process declares each contract before it first names its id: the kernel copies the
// declaration (at most ContractDeclaration.MaxBytes, before reading any of it), decodes and validates every table,
// and registers the contract, or accepts it when it already knows the id with identical tables and fingerprint.
// Anything else — a malformed declaration, tables the kernel could not enforce, an id that is not the name's, or
// a known id with other tables (a system contract included; the refusal names the contract, the process that declared
// it first and this one) — is a ChannelException for the declaring process alone. The kernel keeps one table per id
// and checks both ends of every channel against it.
using System;
using Helios.Channels;

namespace Helios.Kernel.Processes
{
    internal static unsafe class ProcessContractAbi
    {
        internal static int Declare(byte* declaration, int length)
        {
            try
            {
                if (length < 0 || length > ContractDeclaration.MaxBytes)
                    throw new ChannelException("a contract declaration of " + length.ToString() + " bytes: at most "
                        + ContractDeclaration.MaxBytes.ToString() + " are read");
                if (declaration == null && length > 0) throw new ChannelException("a contract declaration at address 0");
                // One copy, then every check on the copy: nothing the process changes meanwhile reaches the registry.
                var copy = new byte[length];
                for (int i = 0; i < length; i++) copy[i] = declaration[i];
                ContractInfo contract = ContractDeclaration.Decode(copy, out string error);
                if (contract is null) throw new ChannelException("the contract declaration was refused: " + error);
                // Named by its process, so that a refusal names both processes: the one that declared the id first too.
                Process process = Process.Current;
                ContractInfo.Declare(contract, process is null ? "the kernel" : process.Name + " (pid " + process.Id.ToString() + ")");
                return 0;
            }
            catch (Exception e)
            {
                return ProcessChannelAbi.Fail(e);
            }
        }
    }
}
