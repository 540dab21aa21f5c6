// Closures, local functions, method groups and generic delegates.
using System;
using System.Collections.Generic;

public sealed class Button
{
    private readonly List<Action<string>> _handlers = new();
    public void OnClick(Action<string> handler) => _handlers.Add(handler);
    public void Click(string who) { foreach (Action<string> h in _handlers) h(who); }
}

public static class Program
{
    private static int Apply(Func<int, int> f, int x) => f(x);

    private static T Fold<T>(IEnumerable<T> items, T seed, Func<T, T, T> combine)
    {
        T acc = seed;
        foreach (T item in items) acc = combine(acc, item);
        return acc;
    }

    public static int Main(string[] args)
    {
        var actions = new List<Func<int>>();
        for (int i = 0; i < 3; i++)
        {
            int copy = i;
            actions.Add(() => copy * 10);
        }
        int total = 0;
        foreach (Func<int> f in actions) total += f();

        int clicks = 0;
        var button = new Button();
        button.OnClick(who => clicks += who.Length);
        button.OnClick(static who => { _ = who; });
        button.Click("me");

        int Square(int x) => x * x;
        static int Cube(int x) => x * x * x;
        total += Apply(Square, 3) + Apply(Cube, 2) + Apply(x => x + args.Length, 1);

        Predicate<int> even = n => n % 2 == 0;
        Comparison<string> byLength = (x, y) => x.Length - y.Length;
        var words = new List<string> { "ccc", "a", "bb" };
        words.Sort(byLength);
        total += Fold(new[] { 1, 2, 3, 4 }, 0, (x, y) => x + y);
        total += even(total) ? 1 : 0;
        total += words.FindIndex(w => w == "bb");
        return total + clicks;
    }
}
