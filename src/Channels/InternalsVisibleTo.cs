// The satellite layer's links (src/Satellite/Links) marshal message blocks straight from the exchange heap's slots and
// endpoints, under the heap's lock, as the channel runtime itself does.
[assembly: System.Runtime.CompilerServices.InternalsVisibleTo("Helios.Satellite")]
